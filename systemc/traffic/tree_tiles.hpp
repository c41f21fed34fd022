#pragma once
// Youn and Singh's tiles for a complete binary tree (Chittor 3.5.1, Fig. 3.11, "modified
// Youn's scheme"): the 2^h - 1 processes on 2^h nodes, one node spare, with a path of its own
// for every tree edge such that no mesh channel carries more than two edges (chi_max = 2).
//
// The thesis gives its three basic tiles only as a figure, which the OCR'd text does not hold;
// kncsim builds the same kind of layout by the rule the text states. A block of height h holds
// a subtree and one spare node. Two blocks of height h - 1 side by side (along columns and
// rows in turn: 2 x 1, 2 x 2, 4 x 2, 4 x 4, ...) make one of height h: the root goes into one
// block's spare node, the other spare becomes the new block's, and the root's two edges are
// routed on channels that carry fewer than two edges ("the path corresponding to higher level
// edges ... uses only the channels along the perimeter of the basic tiles"). Of the blocks'
// reflections (and quarter turns, for square blocks) and the two places for the root, the
// builder keeps the one whose root and spare reach the block's border most freely, then whose
// border carries least, then whose paths are shortest: greedily, one block per height, and
// deterministic. It reaches chi_max = 2 at every height it is tested at (up to 14, a
// 16383-process tree on a 128 x 128 mesh; the unit test holds it).
#include <cstdint>
#include <utility>
#include <vector>

namespace kncsim {

struct TreeTiles {
  int columns = 1, rows = 1;                                 // the block: 2^ceil(h/2) x 2^floor(h/2)
  std::vector<std::pair<int, int>> cell;                     // heap index p -> (column, row)
  std::vector<std::vector<std::pair<int, int>>> path;        // path[p], p >= 1: parent's cell .. p's cell
  std::pair<int, int> spare{0, 0};                           // the node no process runs on
};

TreeTiles youn_singh_tiles(int height);

}  // namespace kncsim

/* Evaluation weights {middlegame, endgame}, indexed by the T_* terms of eval.h.
 * Piece-square tables: hand-set priors (texel-tuned tables lost games, README, "Search and evaluation").
 * Every other term: tuned by tests/search/texel.c (800 epochs, Adam, no regularisation) on
 * 167,629 turn-start positions of 3,000 QEC self-play games (8,000 nodes per decision,
 * random maps, 8 random opening decisions), starting from hand-set priors. */
#include "eval.h"

const int16_t EVAL_WEIGHTS[EVAL_NTERMS][2] = {
    {63, 79}, /* material P */
    {379, 186}, /* material N */
    {522, 74}, /* material B */
    {556, 534}, /* material R */
    {1341, 669}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {0, 0}, /* pst P rank 2 file 1 */
    {0, 0}, /* pst P rank 2 file 2 */
    {0, 0}, /* pst P rank 2 file 3 */
    {0, 0}, /* pst P rank 2 file 4 */
    {4, 8}, /* pst P rank 3 file 1 */
    {4, 8}, /* pst P rank 3 file 2 */
    {10, 8}, /* pst P rank 3 file 3 */
    {10, 8}, /* pst P rank 3 file 4 */
    {8, 16}, /* pst P rank 4 file 1 */
    {8, 16}, /* pst P rank 4 file 2 */
    {14, 16}, /* pst P rank 4 file 3 */
    {14, 16}, /* pst P rank 4 file 4 */
    {12, 24}, /* pst P rank 5 file 1 */
    {12, 24}, /* pst P rank 5 file 2 */
    {18, 24}, /* pst P rank 5 file 3 */
    {18, 24}, /* pst P rank 5 file 4 */
    {16, 32}, /* pst P rank 6 file 1 */
    {16, 32}, /* pst P rank 6 file 2 */
    {16, 32}, /* pst P rank 6 file 3 */
    {16, 32}, /* pst P rank 6 file 4 */
    {20, 40}, /* pst P rank 7 file 1 */
    {20, 40}, /* pst P rank 7 file 2 */
    {20, 40}, /* pst P rank 7 file 3 */
    {20, 40}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-36, -36}, /* pst N rank 1 file 1 */
    {-30, -30}, /* pst N rank 1 file 2 */
    {-24, -24}, /* pst N rank 1 file 3 */
    {-18, -18}, /* pst N rank 1 file 4 */
    {-30, -30}, /* pst N rank 2 file 1 */
    {-24, -24}, /* pst N rank 2 file 2 */
    {-18, -18}, /* pst N rank 2 file 3 */
    {-12, -12}, /* pst N rank 2 file 4 */
    {-24, -24}, /* pst N rank 3 file 1 */
    {-18, -18}, /* pst N rank 3 file 2 */
    {-12, -12}, /* pst N rank 3 file 3 */
    {-6, -6}, /* pst N rank 3 file 4 */
    {-18, -18}, /* pst N rank 4 file 1 */
    {-12, -12}, /* pst N rank 4 file 2 */
    {-6, -6}, /* pst N rank 4 file 3 */
    {0, 0}, /* pst N rank 4 file 4 */
    {-18, -18}, /* pst N rank 5 file 1 */
    {-12, -12}, /* pst N rank 5 file 2 */
    {-6, -6}, /* pst N rank 5 file 3 */
    {0, 0}, /* pst N rank 5 file 4 */
    {-24, -24}, /* pst N rank 6 file 1 */
    {-18, -18}, /* pst N rank 6 file 2 */
    {-12, -12}, /* pst N rank 6 file 3 */
    {-6, -6}, /* pst N rank 6 file 4 */
    {-30, -30}, /* pst N rank 7 file 1 */
    {-24, -24}, /* pst N rank 7 file 2 */
    {-18, -18}, /* pst N rank 7 file 3 */
    {-12, -12}, /* pst N rank 7 file 4 */
    {-36, -36}, /* pst N rank 8 file 1 */
    {-30, -30}, /* pst N rank 8 file 2 */
    {-24, -24}, /* pst N rank 8 file 3 */
    {-18, -18}, /* pst N rank 8 file 4 */
    {-18, -18}, /* pst B rank 1 file 1 */
    {-15, -15}, /* pst B rank 1 file 2 */
    {-12, -12}, /* pst B rank 1 file 3 */
    {-9, -9}, /* pst B rank 1 file 4 */
    {-15, -15}, /* pst B rank 2 file 1 */
    {-12, -12}, /* pst B rank 2 file 2 */
    {-9, -9}, /* pst B rank 2 file 3 */
    {-6, -6}, /* pst B rank 2 file 4 */
    {-12, -12}, /* pst B rank 3 file 1 */
    {-9, -9}, /* pst B rank 3 file 2 */
    {-6, -6}, /* pst B rank 3 file 3 */
    {-3, -3}, /* pst B rank 3 file 4 */
    {-9, -9}, /* pst B rank 4 file 1 */
    {-6, -6}, /* pst B rank 4 file 2 */
    {-3, -3}, /* pst B rank 4 file 3 */
    {0, 0}, /* pst B rank 4 file 4 */
    {-9, -9}, /* pst B rank 5 file 1 */
    {-6, -6}, /* pst B rank 5 file 2 */
    {-3, -3}, /* pst B rank 5 file 3 */
    {0, 0}, /* pst B rank 5 file 4 */
    {-12, -12}, /* pst B rank 6 file 1 */
    {-9, -9}, /* pst B rank 6 file 2 */
    {-6, -6}, /* pst B rank 6 file 3 */
    {-3, -3}, /* pst B rank 6 file 4 */
    {-15, -15}, /* pst B rank 7 file 1 */
    {-12, -12}, /* pst B rank 7 file 2 */
    {-9, -9}, /* pst B rank 7 file 3 */
    {-6, -6}, /* pst B rank 7 file 4 */
    {-18, -18}, /* pst B rank 8 file 1 */
    {-15, -15}, /* pst B rank 8 file 2 */
    {-12, -12}, /* pst B rank 8 file 3 */
    {-9, -9}, /* pst B rank 8 file 4 */
    {0, 0}, /* pst R rank 1 file 1 */
    {0, 0}, /* pst R rank 1 file 2 */
    {0, 0}, /* pst R rank 1 file 3 */
    {0, 0}, /* pst R rank 1 file 4 */
    {0, 0}, /* pst R rank 2 file 1 */
    {0, 0}, /* pst R rank 2 file 2 */
    {0, 0}, /* pst R rank 2 file 3 */
    {0, 0}, /* pst R rank 2 file 4 */
    {0, 0}, /* pst R rank 3 file 1 */
    {0, 0}, /* pst R rank 3 file 2 */
    {0, 0}, /* pst R rank 3 file 3 */
    {0, 0}, /* pst R rank 3 file 4 */
    {0, 0}, /* pst R rank 4 file 1 */
    {0, 0}, /* pst R rank 4 file 2 */
    {0, 0}, /* pst R rank 4 file 3 */
    {0, 0}, /* pst R rank 4 file 4 */
    {0, 0}, /* pst R rank 5 file 1 */
    {0, 0}, /* pst R rank 5 file 2 */
    {0, 0}, /* pst R rank 5 file 3 */
    {0, 0}, /* pst R rank 5 file 4 */
    {0, 0}, /* pst R rank 6 file 1 */
    {0, 0}, /* pst R rank 6 file 2 */
    {0, 0}, /* pst R rank 6 file 3 */
    {0, 0}, /* pst R rank 6 file 4 */
    {10, 5}, /* pst R rank 7 file 1 */
    {10, 5}, /* pst R rank 7 file 2 */
    {10, 5}, /* pst R rank 7 file 3 */
    {10, 5}, /* pst R rank 7 file 4 */
    {0, 0}, /* pst R rank 8 file 1 */
    {0, 0}, /* pst R rank 8 file 2 */
    {0, 0}, /* pst R rank 8 file 3 */
    {0, 0}, /* pst R rank 8 file 4 */
    {-12, -18}, /* pst Q rank 1 file 1 */
    {-10, -15}, /* pst Q rank 1 file 2 */
    {-8, -12}, /* pst Q rank 1 file 3 */
    {-6, -9}, /* pst Q rank 1 file 4 */
    {-10, -15}, /* pst Q rank 2 file 1 */
    {-8, -12}, /* pst Q rank 2 file 2 */
    {-6, -9}, /* pst Q rank 2 file 3 */
    {-4, -6}, /* pst Q rank 2 file 4 */
    {-8, -12}, /* pst Q rank 3 file 1 */
    {-6, -9}, /* pst Q rank 3 file 2 */
    {-4, -6}, /* pst Q rank 3 file 3 */
    {-2, -3}, /* pst Q rank 3 file 4 */
    {-6, -9}, /* pst Q rank 4 file 1 */
    {-4, -6}, /* pst Q rank 4 file 2 */
    {-2, -3}, /* pst Q rank 4 file 3 */
    {0, 0}, /* pst Q rank 4 file 4 */
    {-6, -9}, /* pst Q rank 5 file 1 */
    {-4, -6}, /* pst Q rank 5 file 2 */
    {-2, -3}, /* pst Q rank 5 file 3 */
    {0, 0}, /* pst Q rank 5 file 4 */
    {-8, -12}, /* pst Q rank 6 file 1 */
    {-6, -9}, /* pst Q rank 6 file 2 */
    {-4, -6}, /* pst Q rank 6 file 3 */
    {-2, -3}, /* pst Q rank 6 file 4 */
    {-10, -15}, /* pst Q rank 7 file 1 */
    {-8, -12}, /* pst Q rank 7 file 2 */
    {-6, -9}, /* pst Q rank 7 file 3 */
    {-4, -6}, /* pst Q rank 7 file 4 */
    {-12, -18}, /* pst Q rank 8 file 1 */
    {-10, -15}, /* pst Q rank 8 file 2 */
    {-8, -12}, /* pst Q rank 8 file 3 */
    {-6, -9}, /* pst Q rank 8 file 4 */
    {20, -48}, /* pst K rank 1 file 1 */
    {30, -40}, /* pst K rank 1 file 2 */
    {30, -32}, /* pst K rank 1 file 3 */
    {10, -24}, /* pst K rank 1 file 4 */
    {-10, -40}, /* pst K rank 2 file 1 */
    {-10, -32}, /* pst K rank 2 file 2 */
    {-10, -24}, /* pst K rank 2 file 3 */
    {-20, -16}, /* pst K rank 2 file 4 */
    {-30, -32}, /* pst K rank 3 file 1 */
    {-30, -24}, /* pst K rank 3 file 2 */
    {-30, -16}, /* pst K rank 3 file 3 */
    {-40, -8}, /* pst K rank 3 file 4 */
    {-40, -24}, /* pst K rank 4 file 1 */
    {-40, -16}, /* pst K rank 4 file 2 */
    {-40, -8}, /* pst K rank 4 file 3 */
    {-50, 0}, /* pst K rank 4 file 4 */
    {-50, -24}, /* pst K rank 5 file 1 */
    {-50, -16}, /* pst K rank 5 file 2 */
    {-50, -8}, /* pst K rank 5 file 3 */
    {-60, 0}, /* pst K rank 5 file 4 */
    {-50, -32}, /* pst K rank 6 file 1 */
    {-50, -24}, /* pst K rank 6 file 2 */
    {-50, -16}, /* pst K rank 6 file 3 */
    {-60, -8}, /* pst K rank 6 file 4 */
    {-50, -40}, /* pst K rank 7 file 1 */
    {-50, -32}, /* pst K rank 7 file 2 */
    {-50, -24}, /* pst K rank 7 file 3 */
    {-60, -16}, /* pst K rank 7 file 4 */
    {-50, -48}, /* pst K rank 8 file 1 */
    {-50, -40}, /* pst K rank 8 file 2 */
    {-50, -32}, /* pst K rank 8 file 3 */
    {-60, -24}, /* pst K rank 8 file 4 */
    {-122, 38}, /* mobility N 0 */
    {-78, 68}, /* mobility N 1 */
    {-26, 8}, /* mobility N 2 */
    {-17, 8}, /* mobility N 3 */
    {-11, 2}, /* mobility N 4 */
    {-2, 43}, /* mobility N 5 */
    {27, 28}, /* mobility N 6 */
    {41, 7}, /* mobility N 7 */
    {206, -130}, /* mobility N 8 */
    {-161, 282}, /* mobility B 0 */
    {-111, 145}, /* mobility B 1 */
    {-89, 166}, /* mobility B 2 */
    {-69, 141}, /* mobility B 3 */
    {-56, 177}, /* mobility B 4 */
    {-64, 183}, /* mobility B 5 */
    {-50, 168}, /* mobility B 6 */
    {-53, 195}, /* mobility B 7 */
    {-37, 192}, /* mobility B 8 */
    {-27, 170}, /* mobility B 9 */
    {58, 147}, /* mobility B 10 */
    {-35, 176}, /* mobility B 11 */
    {193, -67}, /* mobility B 12 */
    {680, -251}, /* mobility B 13 */
    {-109, 91}, /* mobility R 0 */
    {-51, 6}, /* mobility R 1 */
    {-25, -38}, /* mobility R 2 */
    {8, -41}, /* mobility R 3 */
    {6, -31}, /* mobility R 4 */
    {30, -23}, /* mobility R 5 */
    {-7, 24}, /* mobility R 6 */
    {37, 8}, /* mobility R 7 */
    {32, 53}, /* mobility R 8 */
    {36, 37}, /* mobility R 9 */
    {8, 55}, /* mobility R 10 */
    {-23, 65}, /* mobility R 11 */
    {41, 65}, /* mobility R 12 */
    {107, 56}, /* mobility R 13 */
    {311, -25}, /* mobility R 14 */
    {125, 749}, /* mobility Q 0 */
    {32, 388}, /* mobility Q 1 */
    {97, -479}, /* mobility Q 2 */
    {97, -3}, /* mobility Q 3 */
    {109, -158}, /* mobility Q 4 */
    {71, 173}, /* mobility Q 5 */
    {92, 90}, /* mobility Q 6 */
    {82, 34}, /* mobility Q 7 */
    {78, 68}, /* mobility Q 8 */
    {110, 42}, /* mobility Q 9 */
    {71, 120}, /* mobility Q 10 */
    {119, -23}, /* mobility Q 11 */
    {120, 76}, /* mobility Q 12 */
    {138, 89}, /* mobility Q 13 */
    {134, 27}, /* mobility Q 14 */
    {148, -8}, /* mobility Q 15 */
    {123, 48}, /* mobility Q 16 */
    {250, -75}, /* mobility Q 17 */
    {116, -30}, /* mobility Q 18 */
    {241, -99}, /* mobility Q 19 */
    {145, -97}, /* mobility Q 20 */
    {163, -122}, /* mobility Q 21 */
    {281, -212}, /* mobility Q 22 */
    {435, -284}, /* mobility Q 23 */
    {-7, -106}, /* mobility Q 24 */
    {161, -259}, /* mobility Q 25 */
    {263, -232}, /* mobility Q 26 */
    {-234, -122}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {-7, 42}, /* passed rank 2 */
    {-53, 38}, /* passed rank 3 */
    {-42, 54}, /* passed rank 4 */
    {-31, 72}, /* passed rank 5 */
    {19, 105}, /* passed rank 6 */
    {37, 153}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-22, -55}, /* doubled */
    {2, -8}, /* isolated */
    {-2, 6}, /* phalanx */
    {-16, 3}, /* supported */
    {-31, 93}, /* bishop pair */
    {68, -22}, /* rook open file */
    {7, 11}, /* rook semi-open file */
    {18, -7}, /* king shield */
    {-4, -13}, /* king attack N */
    {-23, 2}, /* king attack B */
    {-23, 1}, /* king attack R */
    {-30, 18}, /* king attack Q */
    {-233, -10}, /* king escapes 0 */
    {-127, 27}, /* king escapes 1 */
    {-75, 36}, /* king escapes 2 */
    {-55, 38}, /* king escapes 3 */
    {-31, 15}, /* king escapes 4 */
    {33, -11}, /* king escapes 5 */
    {71, -9}, /* king escapes 6 */
    {159, -32}, /* king escapes 7 */
    {236, -86}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {43, 54}, /* free pawn */
    {35, 5}, /* free-piece ratio */
    {-2, -5}, /* tempo */
};

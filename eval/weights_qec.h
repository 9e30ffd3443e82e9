/* QEC evaluation weights {middlegame, endgame}, indexed by the T_* terms of eval.h.
 * Piece-square tables: hand-set priors + a tuned rank offset and folded-file offset per piece
 * and phase (mean kept at 0), by tools/texel.c (160 epochs: lowest held-out error,
 * whole games held out, --lowrank 0-5 --centre, everything else frozen) on 251,225 positions
 * (full1 + s2snap self-play sets, K = 0.677, mean squared error 0.074102).
 * Every other term: tuned by tools/texel.c (800 epochs, Adam, no regularisation) on
 * 167,629 turn-start positions of 3,000 QEC self-play games (8,000 nodes per decision,
 * random maps, 8 random opening decisions), starting from hand-set priors.
 * See docs/dev/evaluation.md, "How the weights are tuned", and docs/results/eval-tuning-qec.md. */
/* QEC's weights as one block of rows per term group of eval.h, each placed at its first term:
 * EVAL_WEIGHTS (eval/weights.c) is EVAL_ROWS_QEC, and the tether and chess tables name the
 * blocks whose rows are QEC's instead of copying them. Written by tools/texel.c. */
#ifndef EVAL_WEIGHTS_QEC_H
#define EVAL_WEIGHTS_QEC_H

#include "eval.h"

/* material: terms 0-4 */
#define EVAL_ROWS_MATERIAL \
    [T_MATERIAL] = {63, 79}, /* material P */ \
    {379, 186}, /* material N */ \
    {522, 74}, /* material B */ \
    {556, 534}, /* material R */ \
    {1341, 669}, /* material Q */

/* piece-square tables: terms 5-196 */
#define EVAL_ROWS_PST \
    [T_PST] = {0, 0}, /* pst P rank 1 file 1 */ \
    {0, 0}, /* pst P rank 1 file 2 */ \
    {0, 0}, /* pst P rank 1 file 3 */ \
    {0, 0}, /* pst P rank 1 file 4 */ \
    {-14, 27}, /* pst P rank 2 file 1 */ \
    {-25, 37}, /* pst P rank 2 file 2 */ \
    {-31, 26}, /* pst P rank 2 file 3 */ \
    {-17, -8}, /* pst P rank 2 file 4 */ \
    {-17, 33}, /* pst P rank 3 file 1 */ \
    {-28, 44}, /* pst P rank 3 file 2 */ \
    {-28, 33}, /* pst P rank 3 file 3 */ \
    {-14, -2}, /* pst P rank 3 file 4 */ \
    {-5, 21}, /* pst P rank 4 file 1 */ \
    {-16, 32}, /* pst P rank 4 file 2 */ \
    {-16, 21}, /* pst P rank 4 file 3 */ \
    {-2, -13}, /* pst P rank 4 file 4 */ \
    {25, 31}, /* pst P rank 5 file 1 */ \
    {14, 42}, /* pst P rank 5 file 2 */ \
    {14, 31}, /* pst P rank 5 file 3 */ \
    {28, -4}, /* pst P rank 5 file 4 */ \
    {77, 27}, /* pst P rank 6 file 1 */ \
    {67, 38}, /* pst P rank 6 file 2 */ \
    {60, 27}, /* pst P rank 6 file 3 */ \
    {75, -7}, /* pst P rank 6 file 4 */ \
    {39, 17}, /* pst P rank 7 file 1 */ \
    {29, 28}, /* pst P rank 7 file 2 */ \
    {22, 17}, /* pst P rank 7 file 3 */ \
    {37, -17}, /* pst P rank 7 file 4 */ \
    {0, 0}, /* pst P rank 8 file 1 */ \
    {0, 0}, /* pst P rank 8 file 2 */ \
    {0, 0}, /* pst P rank 8 file 3 */ \
    {0, 0}, /* pst P rank 8 file 4 */ \
    {-20, -75}, /* pst N rank 1 file 1 */ \
    {-41, -36}, /* pst N rank 1 file 2 */ \
    {-15, -25}, /* pst N rank 1 file 3 */ \
    {-11, -29}, /* pst N rank 1 file 4 */ \
    {-42, -63}, /* pst N rank 2 file 1 */ \
    {-63, -24}, /* pst N rank 2 file 2 */ \
    {-37, -13}, /* pst N rank 2 file 3 */ \
    {-33, -17}, /* pst N rank 2 file 4 */ \
    {-7, -52}, /* pst N rank 3 file 1 */ \
    {-28, -13}, /* pst N rank 3 file 2 */ \
    {-2, -2}, /* pst N rank 3 file 3 */ \
    {2, -6}, /* pst N rank 3 file 4 */ \
    {-1, -37}, /* pst N rank 4 file 1 */ \
    {-22, 3}, /* pst N rank 4 file 2 */ \
    {5, 14}, /* pst N rank 4 file 3 */ \
    {9, 10}, /* pst N rank 4 file 4 */ \
    {-1, -43}, /* pst N rank 5 file 1 */ \
    {-22, -4}, /* pst N rank 5 file 2 */ \
    {4, 7}, /* pst N rank 5 file 3 */ \
    {8, 4}, /* pst N rank 5 file 4 */ \
    {21, -44}, /* pst N rank 6 file 1 */ \
    {0, -5}, /* pst N rank 6 file 2 */ \
    {26, 6}, /* pst N rank 6 file 3 */ \
    {30, 3}, /* pst N rank 6 file 4 */ \
    {31, -64}, /* pst N rank 7 file 1 */ \
    {10, -25}, /* pst N rank 7 file 2 */ \
    {36, -14}, /* pst N rank 7 file 3 */ \
    {40, -17}, /* pst N rank 7 file 4 */ \
    {-112, -38}, /* pst N rank 8 file 1 */ \
    {-133, 2}, /* pst N rank 8 file 2 */ \
    {-106, 13}, /* pst N rank 8 file 3 */ \
    {-102, 9}, /* pst N rank 8 file 4 */ \
    {4, -27}, /* pst B rank 1 file 1 */ \
    {-19, -16}, /* pst B rank 1 file 2 */ \
    {4, -2}, /* pst B rank 1 file 3 */ \
    {-4, -13}, /* pst B rank 1 file 4 */ \
    {23, -37}, /* pst B rank 2 file 1 */ \
    {0, -26}, /* pst B rank 2 file 2 */ \
    {22, -12}, /* pst B rank 2 file 3 */ \
    {15, -23}, /* pst B rank 2 file 4 */ \
    {6, -3}, /* pst B rank 3 file 1 */ \
    {-17, 8}, /* pst B rank 3 file 2 */ \
    {6, 22}, /* pst B rank 3 file 3 */ \
    {-2, 11}, /* pst B rank 3 file 4 */ \
    {-11, 4}, /* pst B rank 4 file 1 */ \
    {-35, 16}, /* pst B rank 4 file 2 */ \
    {-12, 29}, /* pst B rank 4 file 3 */ \
    {-19, 18}, /* pst B rank 4 file 4 */ \
    {12, -22}, /* pst B rank 5 file 1 */ \
    {-12, -11}, /* pst B rank 5 file 2 */ \
    {11, 3}, /* pst B rank 5 file 3 */ \
    {4, -9}, /* pst B rank 5 file 4 */ \
    {0, -24}, /* pst B rank 6 file 1 */ \
    {-23, -13}, /* pst B rank 6 file 2 */ \
    {-1, 1}, /* pst B rank 6 file 3 */ \
    {-8, -10}, /* pst B rank 6 file 4 */ \
    {2, -35}, /* pst B rank 7 file 1 */ \
    {-22, -24}, /* pst B rank 7 file 2 */ \
    {1, -10}, /* pst B rank 7 file 3 */ \
    {-6, -21}, /* pst B rank 7 file 4 */ \
    {-43, -28}, /* pst B rank 8 file 1 */ \
    {-67, -16}, /* pst B rank 8 file 2 */ \
    {-44, -3}, /* pst B rank 8 file 3 */ \
    {-51, -14}, /* pst B rank 8 file 4 */ \
    {5, -29}, /* pst R rank 1 file 1 */ \
    {26, -42}, /* pst R rank 1 file 2 */ \
    {24, -39}, /* pst R rank 1 file 3 */ \
    {40, -33}, /* pst R rank 1 file 4 */ \
    {-30, 5}, /* pst R rank 2 file 1 */ \
    {-10, -7}, /* pst R rank 2 file 2 */ \
    {-12, -4}, /* pst R rank 2 file 3 */ \
    {4, 2}, /* pst R rank 2 file 4 */ \
    {-39, 18}, /* pst R rank 3 file 1 */ \
    {-18, 6}, /* pst R rank 3 file 2 */ \
    {-20, 9}, /* pst R rank 3 file 3 */ \
    {-4, 15}, /* pst R rank 3 file 4 */ \
    {-76, 17}, /* pst R rank 4 file 1 */ \
    {-55, 5}, /* pst R rank 4 file 2 */ \
    {-57, 8}, /* pst R rank 4 file 3 */ \
    {-41, 14}, /* pst R rank 4 file 4 */ \
    {-19, 26}, /* pst R rank 5 file 1 */ \
    {2, 14}, /* pst R rank 5 file 2 */ \
    {0, 17}, /* pst R rank 5 file 3 */ \
    {16, 23}, /* pst R rank 5 file 4 */ \
    {6, -9}, /* pst R rank 6 file 1 */ \
    {27, -22}, /* pst R rank 6 file 2 */ \
    {25, -18}, /* pst R rank 6 file 3 */ \
    {41, -12}, /* pst R rank 6 file 4 */ \
    {27, 5}, /* pst R rank 7 file 1 */ \
    {48, -7}, /* pst R rank 7 file 2 */ \
    {46, -4}, /* pst R rank 7 file 3 */ \
    {62, 2}, /* pst R rank 7 file 4 */ \
    {-14, 22}, /* pst R rank 8 file 1 */ \
    {7, 9}, /* pst R rank 8 file 2 */ \
    {5, 12}, /* pst R rank 8 file 3 */ \
    {21, 18}, /* pst R rank 8 file 4 */ \
    {5, -91}, /* pst Q rank 1 file 1 */ \
    {8, -65}, /* pst Q rank 1 file 2 */ \
    {16, -70}, /* pst Q rank 1 file 3 */ \
    {-10, -3}, /* pst Q rank 1 file 4 */ \
    {3, -80}, /* pst Q rank 2 file 1 */ \
    {6, -54}, /* pst Q rank 2 file 2 */ \
    {13, -58}, /* pst Q rank 2 file 3 */ \
    {-12, 8}, /* pst Q rank 2 file 4 */ \
    {-45, -26}, /* pst Q rank 3 file 1 */ \
    {-43, 0}, /* pst Q rank 3 file 2 */ \
    {-35, -4}, /* pst Q rank 3 file 3 */ \
    {-61, 62}, /* pst Q rank 3 file 4 */ \
    {-28, -49}, /* pst Q rank 4 file 1 */ \
    {-26, -23}, /* pst Q rank 4 file 2 */ \
    {-18, -27}, /* pst Q rank 4 file 3 */ \
    {-43, 39}, /* pst Q rank 4 file 4 */ \
    {-15, -48}, /* pst Q rank 5 file 1 */ \
    {-13, -22}, /* pst Q rank 5 file 2 */ \
    {-5, -26}, /* pst Q rank 5 file 3 */ \
    {-31, 40}, /* pst Q rank 5 file 4 */ \
    {9, -33}, /* pst Q rank 6 file 1 */ \
    {11, -7}, /* pst Q rank 6 file 2 */ \
    {19, -11}, /* pst Q rank 6 file 3 */ \
    {-7, 55}, /* pst Q rank 6 file 4 */ \
    {38, 17}, /* pst Q rank 7 file 1 */ \
    {40, 43}, /* pst Q rank 7 file 2 */ \
    {48, 39}, /* pst Q rank 7 file 3 */ \
    {22, 105}, /* pst Q rank 7 file 4 */ \
    {-9, -34}, /* pst Q rank 8 file 1 */ \
    {-7, -8}, /* pst Q rank 8 file 2 */ \
    {1, -12}, /* pst Q rank 8 file 3 */ \
    {-24, 54}, /* pst Q rank 8 file 4 */ \
    {-136, -30}, /* pst K rank 1 file 1 */ \
    {59, -89}, /* pst K rank 1 file 2 */ \
    {157, -127}, /* pst K rank 1 file 3 */ \
    {155, -116}, /* pst K rank 1 file 4 */ \
    {-166, 24}, /* pst K rank 2 file 1 */ \
    {18, -35}, /* pst K rank 2 file 2 */ \
    {117, -72}, /* pst K rank 2 file 3 */ \
    {125, -62}, /* pst K rank 2 file 4 */ \
    {-95, 25}, /* pst K rank 3 file 1 */ \
    {90, -34}, /* pst K rank 3 file 2 */ \
    {188, -71}, /* pst K rank 3 file 3 */ \
    {196, -61}, /* pst K rank 3 file 4 */ \
    {-126, 27}, /* pst K rank 4 file 1 */ \
    {58, -32}, /* pst K rank 4 file 2 */ \
    {156, -69}, /* pst K rank 4 file 3 */ \
    {165, -59}, /* pst K rank 4 file 4 */ \
    {-211, 24}, /* pst K rank 5 file 1 */ \
    {-26, -35}, /* pst K rank 5 file 2 */ \
    {72, -73}, /* pst K rank 5 file 3 */ \
    {80, -62}, /* pst K rank 5 file 4 */ \
    {-110, 2}, /* pst K rank 6 file 1 */ \
    {74, -57}, /* pst K rank 6 file 2 */ \
    {173, -94}, /* pst K rank 6 file 3 */ \
    {181, -84}, /* pst K rank 6 file 4 */ \
    {-401, 61}, /* pst K rank 7 file 1 */ \
    {-217, 2}, /* pst K rank 7 file 2 */ \
    {-119, -35}, /* pst K rank 7 file 3 */ \
    {-110, -25}, /* pst K rank 7 file 4 */ \
    {-551, 158}, /* pst K rank 8 file 1 */ \
    {-367, 99}, /* pst K rank 8 file 2 */ \
    {-268, 62}, /* pst K rank 8 file 3 */ \
    {-260, 72}, /* pst K rank 8 file 4 */

/* mobility: terms 197-262 */
#define EVAL_ROWS_MOBILITY \
    [T_MOB_N] = {-122, 38}, /* mobility N 0 */ \
    {-78, 68}, /* mobility N 1 */ \
    {-26, 8}, /* mobility N 2 */ \
    {-17, 8}, /* mobility N 3 */ \
    {-11, 2}, /* mobility N 4 */ \
    {-2, 43}, /* mobility N 5 */ \
    {27, 28}, /* mobility N 6 */ \
    {41, 7}, /* mobility N 7 */ \
    {206, -130}, /* mobility N 8 */ \
    {-161, 282}, /* mobility B 0 */ \
    {-111, 145}, /* mobility B 1 */ \
    {-89, 166}, /* mobility B 2 */ \
    {-69, 141}, /* mobility B 3 */ \
    {-56, 177}, /* mobility B 4 */ \
    {-64, 183}, /* mobility B 5 */ \
    {-50, 168}, /* mobility B 6 */ \
    {-53, 195}, /* mobility B 7 */ \
    {-37, 192}, /* mobility B 8 */ \
    {-27, 170}, /* mobility B 9 */ \
    {58, 147}, /* mobility B 10 */ \
    {-35, 176}, /* mobility B 11 */ \
    {193, -67}, /* mobility B 12 */ \
    {680, -251}, /* mobility B 13 */ \
    {-109, 91}, /* mobility R 0 */ \
    {-51, 6}, /* mobility R 1 */ \
    {-25, -38}, /* mobility R 2 */ \
    {8, -41}, /* mobility R 3 */ \
    {6, -31}, /* mobility R 4 */ \
    {30, -23}, /* mobility R 5 */ \
    {-7, 24}, /* mobility R 6 */ \
    {37, 8}, /* mobility R 7 */ \
    {32, 53}, /* mobility R 8 */ \
    {36, 37}, /* mobility R 9 */ \
    {8, 55}, /* mobility R 10 */ \
    {-23, 65}, /* mobility R 11 */ \
    {41, 65}, /* mobility R 12 */ \
    {107, 56}, /* mobility R 13 */ \
    {311, -25}, /* mobility R 14 */ \
    {125, 749}, /* mobility Q 0 */ \
    {32, 388}, /* mobility Q 1 */ \
    {97, -479}, /* mobility Q 2 */ \
    {97, -3}, /* mobility Q 3 */ \
    {109, -158}, /* mobility Q 4 */ \
    {71, 173}, /* mobility Q 5 */ \
    {92, 90}, /* mobility Q 6 */ \
    {82, 34}, /* mobility Q 7 */ \
    {78, 68}, /* mobility Q 8 */ \
    {110, 42}, /* mobility Q 9 */ \
    {71, 120}, /* mobility Q 10 */ \
    {119, -23}, /* mobility Q 11 */ \
    {120, 76}, /* mobility Q 12 */ \
    {138, 89}, /* mobility Q 13 */ \
    {134, 27}, /* mobility Q 14 */ \
    {148, -8}, /* mobility Q 15 */ \
    {123, 48}, /* mobility Q 16 */ \
    {250, -75}, /* mobility Q 17 */ \
    {116, -30}, /* mobility Q 18 */ \
    {241, -99}, /* mobility Q 19 */ \
    {145, -97}, /* mobility Q 20 */ \
    {163, -122}, /* mobility Q 21 */ \
    {281, -212}, /* mobility Q 22 */ \
    {435, -284}, /* mobility Q 23 */ \
    {-7, -106}, /* mobility Q 24 */ \
    {161, -259}, /* mobility Q 25 */ \
    {263, -232}, /* mobility Q 26 */ \
    {-234, -122}, /* mobility Q 27 */

/* passed pawns: terms 263-270 */
#define EVAL_ROWS_PASSED \
    [T_PASSED] = {0, 0}, /* passed rank 1 */ \
    {-7, 42}, /* passed rank 2 */ \
    {-53, 38}, /* passed rank 3 */ \
    {-42, 54}, /* passed rank 4 */ \
    {-31, 72}, /* passed rank 5 */ \
    {19, 105}, /* passed rank 6 */ \
    {37, 153}, /* passed rank 7 */ \
    {0, 0}, /* passed rank 8 */

/* pawn structure: terms 271-274 */
#define EVAL_ROWS_PAWNS \
    [T_DOUBLED] = {-22, -55}, /* doubled */ \
    {2, -8}, /* isolated */ \
    {-2, 6}, /* phalanx */ \
    {-16, 3}, /* supported */

/* bishop pair and rooks on files: terms 275-277 */
#define EVAL_ROWS_PIECES \
    [T_BISHOP_PAIR] = {-31, 93}, /* bishop pair */ \
    {68, -22}, /* rook open file */ \
    {7, 11}, /* rook semi-open file */

/* king shield, attacks and escapes: terms 278-291 */
#define EVAL_ROWS_KING \
    [T_SHIELD] = {18, -7}, /* king shield */ \
    {-4, -13}, /* king attack N */ \
    {-23, 2}, /* king attack B */ \
    {-23, 1}, /* king attack R */ \
    {-30, 18}, /* king attack Q */ \
    {-233, -10}, /* king escapes 0 */ \
    {-127, 27}, /* king escapes 1 */ \
    {-75, 36}, /* king escapes 2 */ \
    {-55, 38}, /* king escapes 3 */ \
    {-31, 15}, /* king escapes 4 */ \
    {33, -11}, /* king escapes 5 */ \
    {71, -9}, /* king escapes 6 */ \
    {159, -32}, /* king escapes 7 */ \
    {236, -86}, /* king escapes 8 */

/* link terms (R1, R2.3): terms 292-300 */
#define EVAL_ROWS_LINKS \
    [T_ENT_CONTROL] = {-28, -126}, /* entanglement control N */ \
    {-60, -62}, /* entanglement control B */ \
    {-48, -32}, /* entanglement control R */ \
    {8, -368}, /* entanglement control Q */ \
    {23, 17}, /* pullable N */ \
    {41, -50}, /* pullable B */ \
    {38, -90}, /* pullable R */ \
    {32, 204}, /* pullable Q */ \
    {4, -3}, /* counterpart mobility */

/* unlinked pawns and officers: terms 301-302 */
#define EVAL_ROWS_UNLINKED \
    [T_FREE_PAWN] = {43, 54}, /* free pawn */ \
    {35, 5}, /* free-piece ratio */

/* tempo: term 303 */
#define EVAL_ROWS_TEMPO \
    [T_TEMPO] = {-2, -5}, /* tempo */

#define EVAL_ROWS_QEC \
    EVAL_ROWS_MATERIAL \
    EVAL_ROWS_PST \
    EVAL_ROWS_MOBILITY \
    EVAL_ROWS_PASSED \
    EVAL_ROWS_PAWNS \
    EVAL_ROWS_PIECES \
    EVAL_ROWS_KING \
    EVAL_ROWS_LINKS \
    EVAL_ROWS_UNLINKED \
    EVAL_ROWS_TEMPO

#endif

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
    [T_MATERIAL] = {63, 79}, {379, 186}, {522, 74}, {556, 534}, {1341, 669}, /* material P N B R Q */

/* piece-square tables: terms 5-196 */
#define EVAL_ROWS_PST \
    [T_PST] = {0, 0}, {0, 0}, {0, 0}, {0, 0}, /* pst P rank 1 file 1-4 */ \
    {-14, 27}, {-25, 37}, {-31, 26}, {-17, -8}, /* pst P rank 2 file 1-4 */ \
    {-17, 33}, {-28, 44}, {-28, 33}, {-14, -2}, /* pst P rank 3 file 1-4 */ \
    {-5, 21}, {-16, 32}, {-16, 21}, {-2, -13}, /* pst P rank 4 file 1-4 */ \
    {25, 31}, {14, 42}, {14, 31}, {28, -4}, /* pst P rank 5 file 1-4 */ \
    {77, 27}, {67, 38}, {60, 27}, {75, -7}, /* pst P rank 6 file 1-4 */ \
    {39, 17}, {29, 28}, {22, 17}, {37, -17}, /* pst P rank 7 file 1-4 */ \
    {0, 0}, {0, 0}, {0, 0}, {0, 0}, /* pst P rank 8 file 1-4 */ \
    {-20, -75}, {-41, -36}, {-15, -25}, {-11, -29}, /* pst N rank 1 file 1-4 */ \
    {-42, -63}, {-63, -24}, {-37, -13}, {-33, -17}, /* pst N rank 2 file 1-4 */ \
    {-7, -52}, {-28, -13}, {-2, -2}, {2, -6}, /* pst N rank 3 file 1-4 */ \
    {-1, -37}, {-22, 3}, {5, 14}, {9, 10}, /* pst N rank 4 file 1-4 */ \
    {-1, -43}, {-22, -4}, {4, 7}, {8, 4}, /* pst N rank 5 file 1-4 */ \
    {21, -44}, {0, -5}, {26, 6}, {30, 3}, /* pst N rank 6 file 1-4 */ \
    {31, -64}, {10, -25}, {36, -14}, {40, -17}, /* pst N rank 7 file 1-4 */ \
    {-112, -38}, {-133, 2}, {-106, 13}, {-102, 9}, /* pst N rank 8 file 1-4 */ \
    {4, -27}, {-19, -16}, {4, -2}, {-4, -13}, /* pst B rank 1 file 1-4 */ \
    {23, -37}, {0, -26}, {22, -12}, {15, -23}, /* pst B rank 2 file 1-4 */ \
    {6, -3}, {-17, 8}, {6, 22}, {-2, 11}, /* pst B rank 3 file 1-4 */ \
    {-11, 4}, {-35, 16}, {-12, 29}, {-19, 18}, /* pst B rank 4 file 1-4 */ \
    {12, -22}, {-12, -11}, {11, 3}, {4, -9}, /* pst B rank 5 file 1-4 */ \
    {0, -24}, {-23, -13}, {-1, 1}, {-8, -10}, /* pst B rank 6 file 1-4 */ \
    {2, -35}, {-22, -24}, {1, -10}, {-6, -21}, /* pst B rank 7 file 1-4 */ \
    {-43, -28}, {-67, -16}, {-44, -3}, {-51, -14}, /* pst B rank 8 file 1-4 */ \
    {5, -29}, {26, -42}, {24, -39}, {40, -33}, /* pst R rank 1 file 1-4 */ \
    {-30, 5}, {-10, -7}, {-12, -4}, {4, 2}, /* pst R rank 2 file 1-4 */ \
    {-39, 18}, {-18, 6}, {-20, 9}, {-4, 15}, /* pst R rank 3 file 1-4 */ \
    {-76, 17}, {-55, 5}, {-57, 8}, {-41, 14}, /* pst R rank 4 file 1-4 */ \
    {-19, 26}, {2, 14}, {0, 17}, {16, 23}, /* pst R rank 5 file 1-4 */ \
    {6, -9}, {27, -22}, {25, -18}, {41, -12}, /* pst R rank 6 file 1-4 */ \
    {27, 5}, {48, -7}, {46, -4}, {62, 2}, /* pst R rank 7 file 1-4 */ \
    {-14, 22}, {7, 9}, {5, 12}, {21, 18}, /* pst R rank 8 file 1-4 */ \
    {5, -91}, {8, -65}, {16, -70}, {-10, -3}, /* pst Q rank 1 file 1-4 */ \
    {3, -80}, {6, -54}, {13, -58}, {-12, 8}, /* pst Q rank 2 file 1-4 */ \
    {-45, -26}, {-43, 0}, {-35, -4}, {-61, 62}, /* pst Q rank 3 file 1-4 */ \
    {-28, -49}, {-26, -23}, {-18, -27}, {-43, 39}, /* pst Q rank 4 file 1-4 */ \
    {-15, -48}, {-13, -22}, {-5, -26}, {-31, 40}, /* pst Q rank 5 file 1-4 */ \
    {9, -33}, {11, -7}, {19, -11}, {-7, 55}, /* pst Q rank 6 file 1-4 */ \
    {38, 17}, {40, 43}, {48, 39}, {22, 105}, /* pst Q rank 7 file 1-4 */ \
    {-9, -34}, {-7, -8}, {1, -12}, {-24, 54}, /* pst Q rank 8 file 1-4 */ \
    {-136, -30}, {59, -89}, {157, -127}, {155, -116}, /* pst K rank 1 file 1-4 */ \
    {-166, 24}, {18, -35}, {117, -72}, {125, -62}, /* pst K rank 2 file 1-4 */ \
    {-95, 25}, {90, -34}, {188, -71}, {196, -61}, /* pst K rank 3 file 1-4 */ \
    {-126, 27}, {58, -32}, {156, -69}, {165, -59}, /* pst K rank 4 file 1-4 */ \
    {-211, 24}, {-26, -35}, {72, -73}, {80, -62}, /* pst K rank 5 file 1-4 */ \
    {-110, 2}, {74, -57}, {173, -94}, {181, -84}, /* pst K rank 6 file 1-4 */ \
    {-401, 61}, {-217, 2}, {-119, -35}, {-110, -25}, /* pst K rank 7 file 1-4 */ \
    {-551, 158}, {-367, 99}, {-268, 62}, {-260, 72}, /* pst K rank 8 file 1-4 */

/* mobility: terms 197-262 */
#define EVAL_ROWS_MOBILITY \
    [T_MOB_N] = {-122, 38}, {-78, 68}, {-26, 8}, {-17, 8}, {-11, 2}, {-2, 43}, {27, 28}, {41, 7}, {206, -130}, /* mobility N 0-8 */ \
    {-161, 282}, {-111, 145}, {-89, 166}, {-69, 141}, {-56, 177}, {-64, 183}, {-50, 168}, {-53, 195}, {-37, 192}, {-27, 170}, {58, 147}, {-35, 176}, {193, -67}, {680, -251}, /* mobility B 0-13 */ \
    {-109, 91}, {-51, 6}, {-25, -38}, {8, -41}, {6, -31}, {30, -23}, {-7, 24}, {37, 8}, {32, 53}, {36, 37}, {8, 55}, {-23, 65}, {41, 65}, {107, 56}, {311, -25}, /* mobility R 0-14 */ \
    {125, 749}, {32, 388}, {97, -479}, {97, -3}, {109, -158}, {71, 173}, {92, 90}, {82, 34}, {78, 68}, {110, 42}, {71, 120}, {119, -23}, {120, 76}, {138, 89}, {134, 27}, {148, -8}, {123, 48}, {250, -75}, {116, -30}, {241, -99}, {145, -97}, {163, -122}, {281, -212}, {435, -284}, {-7, -106}, {161, -259}, {263, -232}, {-234, -122}, /* mobility Q 0-27 */

/* passed pawns: terms 263-270 */
#define EVAL_ROWS_PASSED \
    [T_PASSED] = {0, 0}, {-7, 42}, {-53, 38}, {-42, 54}, {-31, 72}, {19, 105}, {37, 153}, {0, 0}, /* passed rank 1-8 */

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
    {-4, -13}, {-23, 2}, {-23, 1}, {-30, 18}, /* king attack N B R Q */ \
    {-233, -10}, {-127, 27}, {-75, 36}, {-55, 38}, {-31, 15}, {33, -11}, {71, -9}, {159, -32}, {236, -86}, /* king escapes 0-8 */

/* link terms (R1, R2.3): terms 292-300 */
#define EVAL_ROWS_LINKS \
    [T_ENT_CONTROL] = {-28, -126}, {-60, -62}, {-48, -32}, {8, -368}, /* entanglement control N B R Q */ \
    {23, 17}, {41, -50}, {38, -90}, {32, 204}, /* pullable N B R Q */ \
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

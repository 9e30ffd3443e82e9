/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess). Tuned by tests/search/texel.c
 * --variant chess from EVAL_WEIGHTS (310 epochs, 46596 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.739, mean squared error 0.039061);
 * see README, Evaluation. */
#include "eval.h"

const int16_t CHESS_WEIGHTS[EVAL_NTERMS][2] = {
    {128, 63}, /* material P */
    {484, 388}, /* material N */
    {605, 230}, /* material B */
    {776, 764}, /* material R */
    {1803, 1072}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-81, 49}, /* pst P rank 2 file 1 */
    {-44, 41}, /* pst P rank 2 file 2 */
    {-39, 19}, /* pst P rank 2 file 3 */
    {-34, -19}, /* pst P rank 2 file 4 */
    {-99, 60}, /* pst P rank 3 file 1 */
    {-62, 53}, /* pst P rank 3 file 2 */
    {-51, 32}, /* pst P rank 3 file 3 */
    {-46, -8}, /* pst P rank 3 file 4 */
    {-74, 56}, /* pst P rank 4 file 1 */
    {-37, 49}, /* pst P rank 4 file 2 */
    {-26, 27}, /* pst P rank 4 file 3 */
    {-21, -11}, /* pst P rank 4 file 4 */
    {-61, 76}, /* pst P rank 5 file 1 */
    {-24, 69}, /* pst P rank 5 file 2 */
    {-13, 47}, /* pst P rank 5 file 3 */
    {-8, 8}, /* pst P rank 5 file 4 */
    {81, -3}, /* pst P rank 6 file 1 */
    {119, -10}, /* pst P rank 6 file 2 */
    {123, -31}, /* pst P rank 6 file 3 */
    {129, -70}, /* pst P rank 6 file 4 */
    {104, 38}, /* pst P rank 7 file 1 */
    {142, 30}, /* pst P rank 7 file 2 */
    {146, 9}, /* pst P rank 7 file 3 */
    {152, -30}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-41, -48}, /* pst N rank 1 file 1 */
    {-10, -61}, /* pst N rank 1 file 2 */
    {-5, -67}, /* pst N rank 1 file 3 */
    {26, -70}, /* pst N rank 1 file 4 */
    {-9, -31}, /* pst N rank 2 file 1 */
    {22, -44}, /* pst N rank 2 file 2 */
    {27, -50}, /* pst N rank 2 file 3 */
    {58, -53}, /* pst N rank 2 file 4 */
    {6, -43}, /* pst N rank 3 file 1 */
    {37, -56}, /* pst N rank 3 file 2 */
    {42, -62}, /* pst N rank 3 file 3 */
    {73, -65}, /* pst N rank 3 file 4 */
    {27, 13}, /* pst N rank 4 file 1 */
    {58, 2}, /* pst N rank 4 file 2 */
    {64, -5}, /* pst N rank 4 file 3 */
    {95, -8}, /* pst N rank 4 file 4 */
    {49, -10}, /* pst N rank 5 file 1 */
    {80, -23}, /* pst N rank 5 file 2 */
    {85, -29}, /* pst N rank 5 file 3 */
    {116, -31}, /* pst N rank 5 file 4 */
    {56, -12}, /* pst N rank 6 file 1 */
    {87, -25}, /* pst N rank 6 file 2 */
    {92, -31}, /* pst N rank 6 file 3 */
    {123, -33}, /* pst N rank 6 file 4 */
    {-40, -18}, /* pst N rank 7 file 1 */
    {-9, -30}, /* pst N rank 7 file 2 */
    {-4, -37}, /* pst N rank 7 file 3 */
    {27, -39}, /* pst N rank 7 file 4 */
    {-461, 111}, /* pst N rank 8 file 1 */
    {-430, 100}, /* pst N rank 8 file 2 */
    {-424, 93}, /* pst N rank 8 file 3 */
    {-393, 90}, /* pst N rank 8 file 4 */
    {-64, -92}, /* pst B rank 1 file 1 */
    {-68, -71}, /* pst B rank 1 file 2 */
    {-46, -59}, /* pst B rank 1 file 3 */
    {-59, -59}, /* pst B rank 1 file 4 */
    {-16, -51}, /* pst B rank 2 file 1 */
    {-20, -30}, /* pst B rank 2 file 2 */
    {1, -18}, /* pst B rank 2 file 3 */
    {-11, -18}, /* pst B rank 2 file 4 */
    {-19, -33}, /* pst B rank 3 file 1 */
    {-23, -12}, /* pst B rank 3 file 2 */
    {-1, 0}, /* pst B rank 3 file 3 */
    {-14, 0}, /* pst B rank 3 file 4 */
    {-61, 40}, /* pst B rank 4 file 1 */
    {-66, 62}, /* pst B rank 4 file 2 */
    {-44, 72}, /* pst B rank 4 file 3 */
    {-56, 73}, /* pst B rank 4 file 4 */
    {-5, -13}, /* pst B rank 5 file 1 */
    {-10, 8}, /* pst B rank 5 file 2 */
    {12, 19}, /* pst B rank 5 file 3 */
    {0, 19}, /* pst B rank 5 file 4 */
    {-35, 10}, /* pst B rank 6 file 1 */
    {-39, 31}, /* pst B rank 6 file 2 */
    {-18, 43}, /* pst B rank 6 file 3 */
    {-30, 43}, /* pst B rank 6 file 4 */
    {31, -46}, /* pst B rank 7 file 1 */
    {26, -25}, /* pst B rank 7 file 2 */
    {48, -13}, /* pst B rank 7 file 3 */
    {36, -13}, /* pst B rank 7 file 4 */
    {62, -60}, /* pst B rank 8 file 1 */
    {57, -39}, /* pst B rank 8 file 2 */
    {79, -28}, /* pst B rank 8 file 3 */
    {67, -28}, /* pst B rank 8 file 4 */
    {-10, -29}, /* pst R rank 1 file 1 */
    {-14, -50}, /* pst R rank 1 file 2 */
    {29, -31}, /* pst R rank 1 file 3 */
    {25, -14}, /* pst R rank 1 file 4 */
    {-45, -45}, /* pst R rank 2 file 1 */
    {-51, -66}, /* pst R rank 2 file 2 */
    {-8, -46}, /* pst R rank 2 file 3 */
    {-11, -29}, /* pst R rank 2 file 4 */
    {-51, 6}, /* pst R rank 3 file 1 */
    {-56, -15}, /* pst R rank 3 file 2 */
    {-13, 5}, /* pst R rank 3 file 3 */
    {-16, 22}, /* pst R rank 3 file 4 */
    {-133, 44}, /* pst R rank 4 file 1 */
    {-137, 24}, /* pst R rank 4 file 2 */
    {-94, 43}, /* pst R rank 4 file 3 */
    {-97, 60}, /* pst R rank 4 file 4 */
    {-19, 29}, /* pst R rank 5 file 1 */
    {-24, 9}, /* pst R rank 5 file 2 */
    {19, 29}, /* pst R rank 5 file 3 */
    {16, 46}, /* pst R rank 5 file 4 */
    {100, -32}, /* pst R rank 6 file 1 */
    {96, -54}, /* pst R rank 6 file 2 */
    {139, -33}, /* pst R rank 6 file 3 */
    {135, -16}, /* pst R rank 6 file 4 */
    {-66, 35}, /* pst R rank 7 file 1 */
    {-71, 14}, /* pst R rank 7 file 2 */
    {-28, 34}, /* pst R rank 7 file 3 */
    {-31, 51}, /* pst R rank 7 file 4 */
    {95, 10}, /* pst R rank 8 file 1 */
    {91, -11}, /* pst R rank 8 file 2 */
    {134, 8}, /* pst R rank 8 file 3 */
    {131, 25}, /* pst R rank 8 file 4 */
    {-45, -51}, /* pst Q rank 1 file 1 */
    {-70, -94}, /* pst Q rank 1 file 2 */
    {-35, -37}, /* pst Q rank 1 file 3 */
    {-36, -30}, /* pst Q rank 1 file 4 */
    {-19, -10}, /* pst Q rank 2 file 1 */
    {-43, -54}, /* pst Q rank 2 file 2 */
    {-10, 5}, /* pst Q rank 2 file 3 */
    {-10, 11}, /* pst Q rank 2 file 4 */
    {-18, 18}, /* pst Q rank 3 file 1 */
    {-44, -25}, /* pst Q rank 3 file 2 */
    {-10, 33}, /* pst Q rank 3 file 3 */
    {-10, 39}, /* pst Q rank 3 file 4 */
    {-2, 19}, /* pst Q rank 4 file 1 */
    {-27, -24}, /* pst Q rank 4 file 2 */
    {7, 35}, /* pst Q rank 4 file 3 */
    {7, 40}, /* pst Q rank 4 file 4 */
    {-2, -11}, /* pst Q rank 5 file 1 */
    {-27, -54}, /* pst Q rank 5 file 2 */
    {7, 5}, /* pst Q rank 5 file 3 */
    {6, 10}, /* pst Q rank 5 file 4 */
    {5, 4}, /* pst Q rank 6 file 1 */
    {-20, -39}, /* pst Q rank 6 file 2 */
    {14, 20}, /* pst Q rank 6 file 3 */
    {13, 26}, /* pst Q rank 6 file 4 */
    {-2, 22}, /* pst Q rank 7 file 1 */
    {-27, -21}, /* pst Q rank 7 file 2 */
    {7, 37}, /* pst Q rank 7 file 3 */
    {6, 43}, /* pst Q rank 7 file 4 */
    {50, -50}, /* pst Q rank 8 file 1 */
    {25, -93}, /* pst Q rank 8 file 2 */
    {59, -35}, /* pst Q rank 8 file 3 */
    {59, -29}, /* pst Q rank 8 file 4 */
    {60, -226}, /* pst K rank 1 file 1 */
    {24, -129}, /* pst K rank 1 file 2 */
    {-27, -108}, /* pst K rank 1 file 3 */
    {-87, -87}, /* pst K rank 1 file 4 */
    {-17, -125}, /* pst K rank 2 file 1 */
    {-63, -28}, /* pst K rank 2 file 2 */
    {-114, -5}, /* pst K rank 2 file 3 */
    {-164, 14}, /* pst K rank 2 file 4 */
    {-22, -114}, /* pst K rank 3 file 1 */
    {-68, -16}, /* pst K rank 3 file 2 */
    {-119, 6}, /* pst K rank 3 file 3 */
    {-169, 25}, /* pst K rank 3 file 4 */
    {-62, -83}, /* pst K rank 4 file 1 */
    {-108, 14}, /* pst K rank 4 file 2 */
    {-160, 37}, /* pst K rank 4 file 3 */
    {-209, 56}, /* pst K rank 4 file 4 */
    {3, -56}, /* pst K rank 5 file 1 */
    {-42, 41}, /* pst K rank 5 file 2 */
    {-94, 63}, /* pst K rank 5 file 3 */
    {-144, 83}, /* pst K rank 5 file 4 */
    {215, -63}, /* pst K rank 6 file 1 */
    {168, 35}, /* pst K rank 6 file 2 */
    {118, 57}, /* pst K rank 6 file 3 */
    {68, 76}, /* pst K rank 6 file 4 */
    {109, -91}, /* pst K rank 7 file 1 */
    {62, 6}, /* pst K rank 7 file 2 */
    {11, 29}, /* pst K rank 7 file 3 */
    {-38, 48}, /* pst K rank 7 file 4 */
    {16, -146}, /* pst K rank 8 file 1 */
    {-31, -49}, /* pst K rank 8 file 2 */
    {-82, -26}, /* pst K rank 8 file 3 */
    {-131, -7}, /* pst K rank 8 file 4 */
    {-2, 194}, /* mobility N 0 */
    {27, 168}, /* mobility N 1 */
    {41, 144}, /* mobility N 2 */
    {53, 130}, /* mobility N 3 */
    {51, 172}, /* mobility N 4 */
    {56, 184}, /* mobility N 5 */
    {71, 172}, /* mobility N 6 */
    {81, 161}, /* mobility N 7 */
    {41, 154}, /* mobility N 8 */
    {-86, 140}, /* mobility B 0 */
    {-77, 268}, /* mobility B 1 */
    {-58, 296}, /* mobility B 2 */
    {-27, 276}, /* mobility B 3 */
    {-19, 293}, /* mobility B 4 */
    {-14, 290}, /* mobility B 5 */
    {4, 275}, /* mobility B 6 */
    {-2, 267}, /* mobility B 7 */
    {-19, 241}, /* mobility B 8 */
    {52, 212}, /* mobility B 9 */
    {-57, 239}, /* mobility B 10 */
    {107, 147}, /* mobility B 11 */
    {322, 28}, /* mobility B 12 */
    {334, -191}, /* mobility B 13 */
    {-24, -127}, /* mobility R 0 */
    {-11, 99}, /* mobility R 1 */
    {-1, 145}, /* mobility R 2 */
    {15, 102}, /* mobility R 3 */
    {-2, 135}, /* mobility R 4 */
    {13, 138}, /* mobility R 5 */
    {23, 135}, /* mobility R 6 */
    {60, 124}, /* mobility R 7 */
    {66, 131}, /* mobility R 8 */
    {55, 152}, /* mobility R 9 */
    {46, 159}, /* mobility R 10 */
    {12, 172}, /* mobility R 11 */
    {45, 155}, /* mobility R 12 */
    {113, 122}, /* mobility R 13 */
    {219, 60}, /* mobility R 14 */
    {165, 1298}, /* mobility Q 0 */
    {166, 949}, /* mobility Q 1 */
    {187, 92}, /* mobility Q 2 */
    {204, 269}, /* mobility Q 3 */
    {232, 161}, /* mobility Q 4 */
    {228, 379}, /* mobility Q 5 */
    {226, 306}, /* mobility Q 6 */
    {237, 375}, /* mobility Q 7 */
    {232, 386}, /* mobility Q 8 */
    {230, 354}, /* mobility Q 9 */
    {226, 397}, /* mobility Q 10 */
    {219, 363}, /* mobility Q 11 */
    {186, 371}, /* mobility Q 12 */
    {249, 341}, /* mobility Q 13 */
    {226, 361}, /* mobility Q 14 */
    {185, 406}, /* mobility Q 15 */
    {269, 344}, /* mobility Q 16 */
    {273, 285}, /* mobility Q 17 */
    {229, 362}, /* mobility Q 18 */
    {186, 309}, /* mobility Q 19 */
    {381, 237}, /* mobility Q 20 */
    {486, 163}, /* mobility Q 21 */
    {601, 131}, /* mobility Q 22 */
    {811, -31}, /* mobility Q 23 */
    {391, 68}, /* mobility Q 24 */
    {400, 1}, /* mobility Q 25 */
    {404, -14}, /* mobility Q 26 */
    {64, 185}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {-53, 42}, /* passed rank 2 */
    {-121, 60}, /* passed rank 3 */
    {-64, 84}, /* passed rank 4 */
    {-11, 107}, /* passed rank 5 */
    {51, 206}, /* passed rank 6 */
    {192, 140}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-85, 18}, /* doubled */
    {-15, -23}, /* isolated */
    {12, 8}, /* phalanx */
    {35, 3}, /* supported */
    {100, 151}, /* bishop pair */
    {66, -10}, /* rook open file */
    {44, 14}, /* rook semi-open file */
    {15, 9}, /* king shield */
    {-16, 16}, /* king attack N */
    {42, 18}, /* king attack B */
    {19, 3}, /* king attack R */
    {-5, 44}, /* king attack Q */
    {-124, 68}, /* king escapes 0 */
    {-89, 36}, /* king escapes 1 */
    {-88, 35}, /* king escapes 2 */
    {-92, 24}, /* king escapes 3 */
    {-74, 6}, /* king escapes 4 */
    {-50, -7}, /* king escapes 5 */
    {-4, -27}, /* king escapes 6 */
    {-9, -33}, /* king escapes 7 */
    {65, -132}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {108, 38}, /* free pawn */
    {-121, -6}, /* free-piece ratio */
    {24, 1}, /* tempo */
};

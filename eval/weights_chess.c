/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess). Tuned by tests/search/texel.c
 * --variant chess from the previous table (300 epochs, 153790 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.682, mean squared error 0.036190);
 * see README, Evaluation. The chess-only terms are eval/chess.c's. */
#include "chess.h"

const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2] = {
    {125, 82}, /* material P */
    {512, 409}, /* material N */
    {611, 302}, /* material B */
    {777, 855}, /* material R */
    {1996, 1153}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-88, 22}, /* pst P rank 2 file 1 */
    {-52, 22}, /* pst P rank 2 file 2 */
    {-43, 22}, /* pst P rank 2 file 3 */
    {-62, 8}, /* pst P rank 2 file 4 */
    {-96, 24}, /* pst P rank 3 file 1 */
    {-61, 24}, /* pst P rank 3 file 2 */
    {-46, 25}, /* pst P rank 3 file 3 */
    {-65, 10}, /* pst P rank 3 file 4 */
    {-95, 26}, /* pst P rank 4 file 1 */
    {-58, 27}, /* pst P rank 4 file 2 */
    {-44, 27}, /* pst P rank 4 file 3 */
    {-62, 13}, /* pst P rank 4 file 4 */
    {-96, 40}, /* pst P rank 5 file 1 */
    {-59, 40}, /* pst P rank 5 file 2 */
    {-44, 41}, /* pst P rank 5 file 3 */
    {-63, 27}, /* pst P rank 5 file 4 */
    {-33, 39}, /* pst P rank 6 file 1 */
    {5, 39}, /* pst P rank 6 file 2 */
    {13, 40}, /* pst P rank 6 file 3 */
    {-5, 26}, /* pst P rank 6 file 4 */
    {305, -12}, /* pst P rank 7 file 1 */
    {343, -13}, /* pst P rank 7 file 2 */
    {351, -12}, /* pst P rank 7 file 3 */
    {333, -25}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-83, -21}, /* pst N rank 1 file 1 */
    {-27, -42}, /* pst N rank 1 file 2 */
    {-31, -37}, /* pst N rank 1 file 3 */
    {-5, -35}, /* pst N rank 1 file 4 */
    {-55, -26}, /* pst N rank 2 file 1 */
    {2, -46}, /* pst N rank 2 file 2 */
    {-2, -42}, /* pst N rank 2 file 3 */
    {23, -39}, /* pst N rank 2 file 4 */
    {-11, -28}, /* pst N rank 3 file 1 */
    {45, -48}, /* pst N rank 3 file 2 */
    {41, -44}, /* pst N rank 3 file 3 */
    {66, -41}, /* pst N rank 3 file 4 */
    {3, -2}, /* pst N rank 4 file 1 */
    {58, -20}, /* pst N rank 4 file 2 */
    {56, -17}, /* pst N rank 4 file 3 */
    {81, -14}, /* pst N rank 4 file 4 */
    {3, 10}, /* pst N rank 5 file 1 */
    {59, -10}, /* pst N rank 5 file 2 */
    {56, -6}, /* pst N rank 5 file 3 */
    {81, -1}, /* pst N rank 5 file 4 */
    {7, -5}, /* pst N rank 6 file 1 */
    {63, -25}, /* pst N rank 6 file 2 */
    {58, -21}, /* pst N rank 6 file 3 */
    {84, -18}, /* pst N rank 6 file 4 */
    {0, -14}, /* pst N rank 7 file 1 */
    {55, -33}, /* pst N rank 7 file 2 */
    {52, -30}, /* pst N rank 7 file 3 */
    {77, -26}, /* pst N rank 7 file 4 */
    {-380, 39}, /* pst N rank 8 file 1 */
    {-323, 20}, /* pst N rank 8 file 2 */
    {-327, 24}, /* pst N rank 8 file 3 */
    {-301, 26}, /* pst N rank 8 file 4 */
    {-72, -15}, /* pst B rank 1 file 1 */
    {-59, -13}, /* pst B rank 1 file 2 */
    {-53, -1}, /* pst B rank 1 file 3 */
    {-57, -8}, /* pst B rank 1 file 4 */
    {-20, -11}, /* pst B rank 2 file 1 */
    {-8, -9}, /* pst B rank 2 file 2 */
    {-2, 4}, /* pst B rank 2 file 3 */
    {-5, -4}, /* pst B rank 2 file 4 */
    {-31, -4}, /* pst B rank 3 file 1 */
    {-19, -3}, /* pst B rank 3 file 2 */
    {-13, 10}, /* pst B rank 3 file 3 */
    {-17, 3}, /* pst B rank 3 file 4 */
    {-32, 32}, /* pst B rank 4 file 1 */
    {-20, 36}, /* pst B rank 4 file 2 */
    {-14, 46}, /* pst B rank 4 file 3 */
    {-17, 39}, /* pst B rank 4 file 4 */
    {-20, 2}, /* pst B rank 5 file 1 */
    {-9, 3}, /* pst B rank 5 file 2 */
    {-2, 15}, /* pst B rank 5 file 3 */
    {-5, 8}, /* pst B rank 5 file 4 */
    {14, -15}, /* pst B rank 6 file 1 */
    {27, -14}, /* pst B rank 6 file 2 */
    {32, -1}, /* pst B rank 6 file 3 */
    {30, -8}, /* pst B rank 6 file 4 */
    {18, -56}, /* pst B rank 7 file 1 */
    {30, -55}, /* pst B rank 7 file 2 */
    {36, -43}, /* pst B rank 7 file 3 */
    {34, -50}, /* pst B rank 7 file 4 */
    {-19, -49}, /* pst B rank 8 file 1 */
    {-8, -48}, /* pst B rank 8 file 2 */
    {-2, -36}, /* pst B rank 8 file 3 */
    {-5, -44}, /* pst B rank 8 file 4 */
    {-40, -16}, /* pst R rank 1 file 1 */
    {-29, -33}, /* pst R rank 1 file 2 */
    {-13, -10}, /* pst R rank 1 file 3 */
    {15, -21}, /* pst R rank 1 file 4 */
    {-80, -26}, /* pst R rank 2 file 1 */
    {-71, -44}, /* pst R rank 2 file 2 */
    {-55, -20}, /* pst R rank 2 file 3 */
    {-26, -30}, /* pst R rank 2 file 4 */
    {-65, 17}, /* pst R rank 3 file 1 */
    {-54, 0}, /* pst R rank 3 file 2 */
    {-38, 23}, /* pst R rank 3 file 3 */
    {-9, 13}, /* pst R rank 3 file 4 */
    {-85, 32}, /* pst R rank 4 file 1 */
    {-73, 15}, /* pst R rank 4 file 2 */
    {-57, 38}, /* pst R rank 4 file 3 */
    {-28, 28}, /* pst R rank 4 file 4 */
    {2, 18}, /* pst R rank 5 file 1 */
    {11, 2}, /* pst R rank 5 file 2 */
    {28, 26}, /* pst R rank 5 file 3 */
    {56, 15}, /* pst R rank 5 file 4 */
    {41, -5}, /* pst R rank 6 file 1 */
    {52, -24}, /* pst R rank 6 file 2 */
    {69, 1}, /* pst R rank 6 file 3 */
    {97, -9}, /* pst R rank 6 file 4 */
    {-42, 8}, /* pst R rank 7 file 1 */
    {-32, -9}, /* pst R rank 7 file 2 */
    {-16, 15}, /* pst R rank 7 file 3 */
    {13, 4}, /* pst R rank 7 file 4 */
    {93, 8}, /* pst R rank 8 file 1 */
    {104, -9}, /* pst R rank 8 file 2 */
    {120, 13}, /* pst R rank 8 file 3 */
    {149, 3}, /* pst R rank 8 file 4 */
    {-33, -73}, /* pst Q rank 1 file 1 */
    {-43, -68}, /* pst Q rank 1 file 2 */
    {-15, -57}, /* pst Q rank 1 file 3 */
    {-47, -15}, /* pst Q rank 1 file 4 */
    {-1, -133}, /* pst Q rank 2 file 1 */
    {-10, -129}, /* pst Q rank 2 file 2 */
    {17, -116}, /* pst Q rank 2 file 3 */
    {-14, -76}, /* pst Q rank 2 file 4 */
    {-28, -32}, /* pst Q rank 3 file 1 */
    {-39, -27}, /* pst Q rank 3 file 2 */
    {-11, -15}, /* pst Q rank 3 file 3 */
    {-42, 26}, /* pst Q rank 3 file 4 */
    {-36, 38}, /* pst Q rank 4 file 1 */
    {-46, 42}, /* pst Q rank 4 file 2 */
    {-19, 56}, /* pst Q rank 4 file 3 */
    {-50, 96}, /* pst Q rank 4 file 4 */
    {-20, 19}, /* pst Q rank 5 file 1 */
    {-30, 24}, /* pst Q rank 5 file 2 */
    {-4, 37}, /* pst Q rank 5 file 3 */
    {-35, 77}, /* pst Q rank 5 file 4 */
    {-20, 46}, /* pst Q rank 6 file 1 */
    {-30, 51}, /* pst Q rank 6 file 2 */
    {-3, 64}, /* pst Q rank 6 file 3 */
    {-35, 105}, /* pst Q rank 6 file 4 */
    {-21, -2}, /* pst Q rank 7 file 1 */
    {-31, 3}, /* pst Q rank 7 file 2 */
    {-3, 15}, /* pst Q rank 7 file 3 */
    {-35, 55}, /* pst Q rank 7 file 4 */
    {125, -95}, /* pst Q rank 8 file 1 */
    {115, -90}, /* pst Q rank 8 file 2 */
    {141, -78}, /* pst Q rank 8 file 3 */
    {112, -38}, /* pst Q rank 8 file 4 */
    {4, -166}, /* pst K rank 1 file 1 */
    {24, -118}, /* pst K rank 1 file 2 */
    {-68, -92}, /* pst K rank 1 file 3 */
    {-99, -86}, /* pst K rank 1 file 4 */
    {-31, -103}, /* pst K rank 2 file 1 */
    {-21, -54}, /* pst K rank 2 file 2 */
    {-113, -26}, /* pst K rank 2 file 3 */
    {-133, -22}, /* pst K rank 2 file 4 */
    {-25, -91}, /* pst K rank 3 file 1 */
    {-15, -42}, /* pst K rank 3 file 2 */
    {-106, -15}, /* pst K rank 3 file 3 */
    {-128, -11}, /* pst K rank 3 file 4 */
    {-137, -38}, /* pst K rank 4 file 1 */
    {-127, 12}, /* pst K rank 4 file 2 */
    {-220, 39}, /* pst K rank 4 file 3 */
    {-239, 42}, /* pst K rank 4 file 4 */
    {-78, -35}, /* pst K rank 5 file 1 */
    {-67, 14}, /* pst K rank 5 file 2 */
    {-160, 41}, /* pst K rank 5 file 3 */
    {-181, 46}, /* pst K rank 5 file 4 */
    {-116, 0}, /* pst K rank 6 file 1 */
    {-107, 50}, /* pst K rank 6 file 2 */
    {-198, 77}, /* pst K rank 6 file 3 */
    {-218, 80}, /* pst K rank 6 file 4 */
    {62, -27}, /* pst K rank 7 file 1 */
    {71, 22}, /* pst K rank 7 file 2 */
    {-21, 50}, /* pst K rank 7 file 3 */
    {-41, 54}, /* pst K rank 7 file 4 */
    {392, -144}, /* pst K rank 8 file 1 */
    {401, -96}, /* pst K rank 8 file 2 */
    {309, -68}, /* pst K rank 8 file 3 */
    {289, -64}, /* pst K rank 8 file 4 */
    {10, 66}, /* mobility N 0 */
    {34, 139}, /* mobility N 1 */
    {43, 173}, /* mobility N 2 */
    {58, 171}, /* mobility N 3 */
    {62, 180}, /* mobility N 4 */
    {60, 210}, /* mobility N 5 */
    {73, 195}, /* mobility N 6 */
    {71, 186}, /* mobility N 7 */
    {100, 151}, /* mobility N 8 */
    {-45, 145}, /* mobility B 0 */
    {-43, 185}, /* mobility B 1 */
    {-29, 247}, /* mobility B 2 */
    {-10, 262}, /* mobility B 3 */
    {-17, 291}, /* mobility B 4 */
    {-10, 286}, /* mobility B 5 */
    {2, 287}, /* mobility B 6 */
    {-4, 278}, /* mobility B 7 */
    {-6, 270}, /* mobility B 8 */
    {3, 236}, /* mobility B 9 */
    {-44, 276}, /* mobility B 10 */
    {3, 223}, /* mobility B 11 */
    {107, 150}, /* mobility B 12 */
    {-69, 81}, /* mobility B 13 */
    {-44, 5}, /* mobility R 0 */
    {-21, 142}, /* mobility R 1 */
    {-8, 131}, /* mobility R 2 */
    {13, 150}, /* mobility R 3 */
    {16, 156}, /* mobility R 4 */
    {41, 131}, /* mobility R 5 */
    {45, 151}, /* mobility R 6 */
    {63, 145}, /* mobility R 7 */
    {63, 145}, /* mobility R 8 */
    {70, 155}, /* mobility R 9 */
    {46, 172}, /* mobility R 10 */
    {44, 177}, /* mobility R 11 */
    {49, 176}, /* mobility R 12 */
    {129, 154}, /* mobility R 13 */
    {282, 63}, /* mobility R 14 */
    {232, 700}, /* mobility Q 0 */
    {236, 818}, /* mobility Q 1 */
    {257, 331}, /* mobility Q 2 */
    {274, 371}, /* mobility Q 3 */
    {275, 367}, /* mobility Q 4 */
    {288, 361}, /* mobility Q 5 */
    {291, 285}, /* mobility Q 6 */
    {291, 345}, /* mobility Q 7 */
    {291, 339}, /* mobility Q 8 */
    {289, 344}, /* mobility Q 9 */
    {291, 350}, /* mobility Q 10 */
    {290, 339}, /* mobility Q 11 */
    {260, 382}, /* mobility Q 12 */
    {301, 333}, /* mobility Q 13 */
    {285, 357}, /* mobility Q 14 */
    {279, 383}, /* mobility Q 15 */
    {291, 366}, /* mobility Q 16 */
    {292, 339}, /* mobility Q 17 */
    {265, 370}, /* mobility Q 18 */
    {230, 354}, /* mobility Q 19 */
    {318, 334}, /* mobility Q 20 */
    {290, 305}, /* mobility Q 21 */
    {315, 326}, /* mobility Q 22 */
    {632, 60}, /* mobility Q 23 */
    {627, 53}, /* mobility Q 24 */
    {694, 94}, /* mobility Q 25 */
    {442, 99}, /* mobility Q 26 */
    {103, 75}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {355, -13}, /* passed rank 2 */
    {-34, 69}, /* passed rank 3 */
    {-41, 49}, /* passed rank 4 */
    {189, 35}, /* passed rank 5 */
    {420, 15}, /* passed rank 6 */
    {408, 104}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-53, -24}, /* doubled */
    {-13, -13}, /* isolated */
    {18, 9}, /* phalanx */
    {36, 18}, /* supported */
    {83, 161}, /* bishop pair */
    {54, -4}, /* rook open file */
    {30, 17}, /* rook semi-open file */
    {25, -2}, /* king shield */
    {13, -13}, /* king attack N */
    {47, 3}, /* king attack B */
    {22, -5}, /* king attack R */
    {15, 20}, /* king attack Q */
    {-64, -36}, /* king escapes 0 */
    {-62, -1}, /* king escapes 1 */
    {-66, 22}, /* king escapes 2 */
    {-75, 18}, /* king escapes 3 */
    {-71, -4}, /* king escapes 4 */
    {-88, 5}, /* king escapes 5 */
    {-90, -6}, /* king escapes 6 */
    {-100, 8}, /* king escapes 7 */
    {-163, -31}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {105, 57}, /* free pawn */
    {-230, -6}, /* free-piece ratio */
    {37, 9}, /* tempo */
    {85, 33}, /* threat by pawn */
    {25, 10}, /* threat by pawn push */
    {52, 19}, /* minor attacked by minor */
    {18, 21}, /* minor attacked by major */
    {86, 15}, /* rook attacked by minor */
    {61, 35}, /* queen attacked */
    {-6, 48}, /* hanging piece */
    {33, 27}, /* weak pawn attacked */
    {76, -12}, /* safe check N */
    {12, 27}, /* safe check B */
    {121, -26}, /* safe check R */
    {40, 14}, /* safe check Q */
    {10, 2}, /* weak king ring */
    {-12, 17}, /* king danger 1 */
    {6, -11}, /* king danger 2 */
    {16, 29}, /* king danger 3 */
    {112, 10}, /* king danger 4 */
    {135, -6}, /* king danger 5 */
    {360, -115}, /* king danger 6 */
    {132, 77}, /* king danger 7 */
    {91, 72}, /* king danger 8 */
    {94, 74}, /* king danger 9 */
    {-8, 489}, /* king danger 10 */
    {0, 0}, /* passer safe stop rank 1 */
    {-43, 33}, /* passer safe stop rank 2 */
    {-51, -7}, /* passer safe stop rank 3 */
    {1, 0}, /* passer safe stop rank 4 */
    {88, 11}, /* passer safe stop rank 5 */
    {4, 40}, /* passer safe stop rank 6 */
    {-25, 107}, /* passer safe stop rank 7 */
    {0, 0}, /* passer safe stop rank 8 */
    {0, 0}, /* passer free path rank 1 */
    {-296, 68}, /* passer free path rank 2 */
    {-22, 22}, /* passer free path rank 3 */
    {-56, 36}, /* passer free path rank 4 */
    {-97, 53}, /* passer free path rank 5 */
    {-176, 78}, /* passer free path rank 6 */
    {-25, 107}, /* passer free path rank 7 */
    {0, 0}, /* passer free path rank 8 */
    {0, 0}, /* passer own king distance rank 1 */
    {8, -3}, /* passer own king distance rank 2 */
    {12, -13}, /* passer own king distance rank 3 */
    {-35, -4}, /* passer own king distance rank 4 */
    {-37, -11}, /* passer own king distance rank 5 */
    {-50, -11}, /* passer own king distance rank 6 */
    {-102, -19}, /* passer own king distance rank 7 */
    {0, 0}, /* passer own king distance rank 8 */
    {0, 0}, /* passer enemy king distance rank 1 */
    {-71, 0}, /* passer enemy king distance rank 2 */
    {-17, 0}, /* passer enemy king distance rank 3 */
    {43, 2}, /* passer enemy king distance rank 4 */
    {3, 18}, /* passer enemy king distance rank 5 */
    {-13, 45}, /* passer enemy king distance rank 6 */
    {73, 37}, /* passer enemy king distance rank 7 */
    {0, 0}, /* passer enemy king distance rank 8 */
    {39, 1}, /* passer protected */
    {12, 50}, /* rook on 7th */
    {72, 3}, /* outpost N */
    {80, 1}, /* outpost B */
    {28, -9}, /* space */
};

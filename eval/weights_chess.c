/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess). Tuned by tests/search/texel.c
 * --variant chess from the previous table (80 epochs, 153790 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.744, mean squared error 0.033556);
 * see README, Evaluation. The chess-only terms are eval/chess.c's. */
#include "chess.h"

const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2] = {
    {120, 76}, /* material P */
    {434, 467}, /* material N */
    {560, 395}, /* material B */
    {859, 888}, /* material R */
    {2003, 1267}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-75, 8}, /* pst P rank 2 file 1 */
    {-34, 2}, /* pst P rank 2 file 2 */
    {-39, 9}, /* pst P rank 2 file 3 */
    {-55, -5}, /* pst P rank 2 file 4 */
    {-67, 12}, /* pst P rank 3 file 1 */
    {-28, 5}, /* pst P rank 3 file 2 */
    {-27, 14}, /* pst P rank 3 file 3 */
    {-42, -1}, /* pst P rank 3 file 4 */
    {-77, 22}, /* pst P rank 4 file 1 */
    {-35, 17}, /* pst P rank 4 file 2 */
    {-35, 24}, /* pst P rank 4 file 3 */
    {-50, 10}, /* pst P rank 4 file 4 */
    {-72, 28}, /* pst P rank 5 file 1 */
    {-31, 21}, /* pst P rank 5 file 2 */
    {-30, 30}, /* pst P rank 5 file 3 */
    {-45, 16}, /* pst P rank 5 file 4 */
    {-31, 33}, /* pst P rank 6 file 1 */
    {12, 26}, /* pst P rank 6 file 2 */
    {6, 34}, /* pst P rank 6 file 3 */
    {-9, 20}, /* pst P rank 6 file 4 */
    {235, 43}, /* pst P rank 7 file 1 */
    {278, 36}, /* pst P rank 7 file 2 */
    {272, 44}, /* pst P rank 7 file 3 */
    {257, 31}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-81, 3}, /* pst N rank 1 file 1 */
    {-37, -25}, /* pst N rank 1 file 2 */
    {-33, -32}, /* pst N rank 1 file 3 */
    {-10, -24}, /* pst N rank 1 file 4 */
    {-48, -15}, /* pst N rank 2 file 1 */
    {-2, -42}, /* pst N rank 2 file 2 */
    {1, -50}, /* pst N rank 2 file 3 */
    {23, -41}, /* pst N rank 2 file 4 */
    {-9, -28}, /* pst N rank 3 file 1 */
    {35, -55}, /* pst N rank 3 file 2 */
    {38, -63}, /* pst N rank 3 file 3 */
    {60, -54}, /* pst N rank 3 file 4 */
    {2, 4}, /* pst N rank 4 file 1 */
    {45, -21}, /* pst N rank 4 file 2 */
    {50, -30}, /* pst N rank 4 file 3 */
    {72, -21}, /* pst N rank 4 file 4 */
    {12, 10}, /* pst N rank 5 file 1 */
    {56, -17}, /* pst N rank 5 file 2 */
    {60, -25}, /* pst N rank 5 file 3 */
    {82, -13}, /* pst N rank 5 file 4 */
    {24, -14}, /* pst N rank 6 file 1 */
    {68, -41}, /* pst N rank 6 file 2 */
    {70, -49}, /* pst N rank 6 file 3 */
    {93, -40}, /* pst N rank 6 file 4 */
    {12, -9}, /* pst N rank 7 file 1 */
    {56, -35}, /* pst N rank 7 file 2 */
    {60, -44}, /* pst N rank 7 file 3 */
    {82, -34}, /* pst N rank 7 file 4 */
    {-380, 80}, /* pst N rank 8 file 1 */
    {-335, 54}, /* pst N rank 8 file 2 */
    {-332, 45}, /* pst N rank 8 file 3 */
    {-309, 54}, /* pst N rank 8 file 4 */
    {-65, -24}, /* pst B rank 1 file 1 */
    {-55, -19}, /* pst B rank 1 file 2 */
    {-46, -9}, /* pst B rank 1 file 3 */
    {-50, -16}, /* pst B rank 1 file 4 */
    {-17, -11}, /* pst B rank 2 file 1 */
    {-8, -6}, /* pst B rank 2 file 2 */
    {1, 5}, /* pst B rank 2 file 3 */
    {-2, -3}, /* pst B rank 2 file 4 */
    {-28, -12}, /* pst B rank 3 file 1 */
    {-19, -8}, /* pst B rank 3 file 2 */
    {-10, 3}, /* pst B rank 3 file 3 */
    {-14, -4}, /* pst B rank 3 file 4 */
    {-23, 26}, /* pst B rank 4 file 1 */
    {-15, 33}, /* pst B rank 4 file 2 */
    {-6, 41}, /* pst B rank 4 file 3 */
    {-9, 34}, /* pst B rank 4 file 4 */
    {-11, -4}, /* pst B rank 5 file 1 */
    {-4, 0}, /* pst B rank 5 file 2 */
    {6, 11}, /* pst B rank 5 file 3 */
    {3, 4}, /* pst B rank 5 file 4 */
    {-4, 3}, /* pst B rank 6 file 1 */
    {6, 7}, /* pst B rank 6 file 2 */
    {14, 19}, /* pst B rank 6 file 3 */
    {12, 12}, /* pst B rank 6 file 4 */
    {23, -67}, /* pst B rank 7 file 1 */
    {32, -63}, /* pst B rank 7 file 2 */
    {41, -52}, /* pst B rank 7 file 3 */
    {38, -59}, /* pst B rank 7 file 4 */
    {-29, -39}, /* pst B rank 8 file 1 */
    {-21, -35}, /* pst B rank 8 file 2 */
    {-12, -24}, /* pst B rank 8 file 3 */
    {-15, -32}, /* pst B rank 8 file 4 */
    {-37, -18}, /* pst R rank 1 file 1 */
    {-31, -30}, /* pst R rank 1 file 2 */
    {-15, -8}, /* pst R rank 1 file 3 */
    {6, -23}, /* pst R rank 1 file 4 */
    {-71, -31}, /* pst R rank 2 file 1 */
    {-67, -44}, /* pst R rank 2 file 2 */
    {-50, -21}, /* pst R rank 2 file 3 */
    {-29, -34}, /* pst R rank 2 file 4 */
    {-61, 14}, /* pst R rank 3 file 1 */
    {-55, 2}, /* pst R rank 3 file 2 */
    {-38, 24}, /* pst R rank 3 file 3 */
    {-17, 11}, /* pst R rank 3 file 4 */
    {-80, 28}, /* pst R rank 4 file 1 */
    {-73, 16}, /* pst R rank 4 file 2 */
    {-57, 38}, /* pst R rank 4 file 3 */
    {-35, 25}, /* pst R rank 4 file 4 */
    {0, 16}, /* pst R rank 5 file 1 */
    {4, 5}, /* pst R rank 5 file 2 */
    {22, 28}, /* pst R rank 5 file 3 */
    {42, 14}, /* pst R rank 5 file 4 */
    {33, 2}, /* pst R rank 6 file 1 */
    {39, -12}, /* pst R rank 6 file 2 */
    {57, 12}, /* pst R rank 6 file 3 */
    {77, -1}, /* pst R rank 6 file 4 */
    {-3, -5}, /* pst R rank 7 file 1 */
    {2, -17}, /* pst R rank 7 file 2 */
    {19, 6}, /* pst R rank 7 file 3 */
    {40, -9}, /* pst R rank 7 file 4 */
    {85, 11}, /* pst R rank 8 file 1 */
    {91, -1}, /* pst R rank 8 file 2 */
    {107, 20}, /* pst R rank 8 file 3 */
    {129, 7}, /* pst R rank 8 file 4 */
    {-34, -77}, /* pst Q rank 1 file 1 */
    {-43, -61}, /* pst Q rank 1 file 2 */
    {-21, -48}, /* pst Q rank 1 file 3 */
    {-43, -17}, /* pst Q rank 1 file 4 */
    {-1, -138}, /* pst Q rank 2 file 1 */
    {-10, -123}, /* pst Q rank 2 file 2 */
    {11, -108}, /* pst Q rank 2 file 3 */
    {-10, -79}, /* pst Q rank 2 file 4 */
    {-30, -34}, /* pst Q rank 3 file 1 */
    {-40, -19}, /* pst Q rank 3 file 2 */
    {-18, -4}, /* pst Q rank 3 file 3 */
    {-39, 26}, /* pst Q rank 3 file 4 */
    {-36, 24}, /* pst Q rank 4 file 1 */
    {-46, 39}, /* pst Q rank 4 file 2 */
    {-25, 55}, /* pst Q rank 4 file 3 */
    {-46, 84}, /* pst Q rank 4 file 4 */
    {-18, 4}, /* pst Q rank 5 file 1 */
    {-28, 20}, /* pst Q rank 5 file 2 */
    {-8, 35}, /* pst Q rank 5 file 3 */
    {-29, 65}, /* pst Q rank 5 file 4 */
    {-21, 43}, /* pst Q rank 6 file 1 */
    {-31, 59}, /* pst Q rank 6 file 2 */
    {-10, 74}, /* pst Q rank 6 file 3 */
    {-32, 104}, /* pst Q rank 6 file 4 */
    {-8, -14}, /* pst Q rank 7 file 1 */
    {-18, 2}, /* pst Q rank 7 file 2 */
    {4, 16}, /* pst Q rank 7 file 3 */
    {-18, 46}, /* pst Q rank 7 file 4 */
    {116, -93}, /* pst Q rank 8 file 1 */
    {107, -77}, /* pst Q rank 8 file 2 */
    {127, -62}, /* pst Q rank 8 file 3 */
    {108, -33}, /* pst Q rank 8 file 4 */
    {46, -209}, /* pst K rank 1 file 1 */
    {47, -151}, /* pst K rank 1 file 2 */
    {-22, -115}, /* pst K rank 1 file 3 */
    {-56, -109}, /* pst K rank 1 file 4 */
    {0, -137}, /* pst K rank 2 file 1 */
    {-9, -79}, /* pst K rank 2 file 2 */
    {-78, -41}, /* pst K rank 2 file 3 */
    {-101, -37}, /* pst K rank 2 file 4 */
    {10, -119}, /* pst K rank 3 file 1 */
    {1, -60}, /* pst K rank 3 file 2 */
    {-67, -23}, /* pst K rank 3 file 3 */
    {-91, -19}, /* pst K rank 3 file 4 */
    {-95, -57}, /* pst K rank 4 file 1 */
    {-104, 2}, /* pst K rank 4 file 2 */
    {-174, 40}, /* pst K rank 4 file 3 */
    {-196, 42}, /* pst K rank 4 file 4 */
    {-112, -20}, /* pst K rank 5 file 1 */
    {-120, 38}, /* pst K rank 5 file 2 */
    {-189, 75}, /* pst K rank 5 file 3 */
    {-213, 80}, /* pst K rank 5 file 4 */
    {-160, 47}, /* pst K rank 6 file 1 */
    {-170, 106}, /* pst K rank 6 file 2 */
    {-238, 143}, /* pst K rank 6 file 3 */
    {-261, 146}, /* pst K rank 6 file 4 */
    {83, -30}, /* pst K rank 7 file 1 */
    {73, 29}, /* pst K rank 7 file 2 */
    {4, 67}, /* pst K rank 7 file 3 */
    {-18, 71}, /* pst K rank 7 file 4 */
    {326, -176}, /* pst K rank 8 file 1 */
    {316, -119}, /* pst K rank 8 file 2 */
    {247, -81}, /* pst K rank 8 file 3 */
    {225, -77}, /* pst K rank 8 file 4 */
    {-20, 75}, /* mobility N 0 */
    {3, 153}, /* mobility N 1 */
    {11, 188}, /* mobility N 2 */
    {23, 195}, /* mobility N 3 */
    {27, 215}, /* mobility N 4 */
    {25, 246}, /* mobility N 5 */
    {36, 239}, /* mobility N 6 */
    {35, 238}, /* mobility N 7 */
    {46, 222}, /* mobility N 8 */
    {-56, 195}, /* mobility B 0 */
    {-55, 247}, /* mobility B 1 */
    {-43, 309}, /* mobility B 2 */
    {-26, 322}, /* mobility B 3 */
    {-35, 353}, /* mobility B 4 */
    {-25, 348}, /* mobility B 5 */
    {-15, 351}, /* mobility B 6 */
    {-23, 347}, /* mobility B 7 */
    {-22, 333}, /* mobility B 8 */
    {-32, 311}, /* mobility B 9 */
    {-76, 355}, /* mobility B 10 */
    {-90, 338}, /* mobility B 11 */
    {38, 250}, /* mobility B 12 */
    {-183, 214}, /* mobility B 13 */
    {-20, 1}, /* mobility R 0 */
    {-9, 157}, /* mobility R 1 */
    {1, 159}, /* mobility R 2 */
    {18, 170}, /* mobility R 3 */
    {17, 174}, /* mobility R 4 */
    {41, 150}, /* mobility R 5 */
    {44, 171}, /* mobility R 6 */
    {60, 164}, /* mobility R 7 */
    {61, 164}, /* mobility R 8 */
    {63, 178}, /* mobility R 9 */
    {44, 191}, /* mobility R 10 */
    {47, 195}, /* mobility R 11 */
    {62, 189}, /* mobility R 12 */
    {123, 175}, /* mobility R 13 */
    {316, 34}, /* mobility R 14 */
    {237, 579}, /* mobility Q 0 */
    {245, 702}, /* mobility Q 1 */
    {260, 387}, /* mobility Q 2 */
    {278, 403}, /* mobility Q 3 */
    {279, 416}, /* mobility Q 4 */
    {288, 430}, /* mobility Q 5 */
    {292, 359}, /* mobility Q 6 */
    {293, 419}, /* mobility Q 7 */
    {291, 424}, /* mobility Q 8 */
    {291, 425}, /* mobility Q 9 */
    {291, 434}, /* mobility Q 10 */
    {291, 422}, /* mobility Q 11 */
    {262, 471}, /* mobility Q 12 */
    {305, 415}, /* mobility Q 13 */
    {281, 445}, /* mobility Q 14 */
    {286, 452}, /* mobility Q 15 */
    {301, 429}, /* mobility Q 16 */
    {285, 416}, /* mobility Q 17 */
    {257, 453}, /* mobility Q 18 */
    {239, 427}, /* mobility Q 19 */
    {335, 395}, /* mobility Q 20 */
    {327, 345}, /* mobility Q 21 */
    {248, 456}, /* mobility Q 22 */
    {519, 152}, /* mobility Q 23 */
    {601, 78}, /* mobility Q 24 */
    {723, 63}, /* mobility Q 25 */
    {317, 196}, /* mobility Q 26 */
    {174, 121}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {351, -9}, /* passed rank 2 */
    {-39, 77}, /* passed rank 3 */
    {-53, 84}, /* passed rank 4 */
    {155, 63}, /* passed rank 5 */
    {360, 80}, /* passed rank 6 */
    {315, 165}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-26, -20}, /* doubled */
    {-8, -25}, /* isolated */
    {17, 10}, /* phalanx */
    {36, 19}, /* supported */
    {63, 188}, /* bishop pair */
    {48, 15}, /* rook open file */
    {23, 41}, /* rook semi-open file */
    {-4, 8}, /* king shield */
    {-1, -5}, /* king attack N */
    {30, 10}, /* king attack B */
    {7, -1}, /* king attack R */
    {1, 24}, /* king attack Q */
    {-88, -18}, /* king escapes 0 */
    {-76, 7}, /* king escapes 1 */
    {-70, 29}, /* king escapes 2 */
    {-70, 26}, /* king escapes 3 */
    {-62, 5}, /* king escapes 4 */
    {-76, 14}, /* king escapes 5 */
    {-65, 0}, /* king escapes 6 */
    {-60, 2}, /* king escapes 7 */
    {-71, -74}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {100, 51}, /* free pawn */
    {-133, -9}, /* free-piece ratio */
    {33, 14}, /* tempo */
    {73, 40}, /* threat by pawn */
    {19, 13}, /* threat by pawn push */
    {44, 31}, /* minor attacked by minor */
    {15, 30}, /* minor attacked by major */
    {85, 10}, /* rook attacked by minor */
    {53, 48}, /* queen attacked */
    {0, 35}, /* hanging piece */
    {23, 50}, /* weak pawn attacked */
    {39, 4}, /* safe check N */
    {-1, 55}, /* safe check B */
    {98, -22}, /* safe check R */
    {19, 23}, /* safe check Q */
    {-2, 6}, /* weak king ring */
    {0, 10}, /* king danger 1 */
    {18, 5}, /* king danger 2 */
    {38, 44}, /* king danger 3 */
    {139, 21}, /* king danger 4 */
    {138, 33}, /* king danger 5 */
    {361, -109}, /* king danger 6 */
    {200, 91}, /* king danger 7 */
    {80, 174}, /* king danger 8 */
    {27, 193}, /* king danger 9 */
    {-86, 393}, /* king danger 10 */
    {0, 0}, /* passer safe stop rank 1 */
    {-58, 42}, /* passer safe stop rank 2 */
    {-56, 8}, /* passer safe stop rank 3 */
    {-1, 4}, /* passer safe stop rank 4 */
    {78, 17}, /* passer safe stop rank 5 */
    {15, 26}, /* passer safe stop rank 6 */
    {-17, 103}, /* passer safe stop rank 7 */
    {0, 0}, /* passer safe stop rank 8 */
    {0, 0}, /* passer free path rank 1 */
    {-224, 55}, /* passer free path rank 2 */
    {6, 22}, /* passer free path rank 3 */
    {-41, 34}, /* passer free path rank 4 */
    {-129, 71}, /* passer free path rank 5 */
    {-161, 87}, /* passer free path rank 6 */
    {-17, 103}, /* passer free path rank 7 */
    {0, 0}, /* passer free path rank 8 */
    {0, 0}, /* passer own king distance rank 1 */
    {0, -1}, /* passer own king distance rank 2 */
    {6, -16}, /* passer own king distance rank 3 */
    {-34, -9}, /* passer own king distance rank 4 */
    {-26, -21}, /* passer own king distance rank 5 */
    {-37, -20}, /* passer own king distance rank 6 */
    {-60, -30}, /* passer own king distance rank 7 */
    {0, 0}, /* passer own king distance rank 8 */
    {0, 0}, /* passer enemy king distance rank 1 */
    {-63, -1}, /* passer enemy king distance rank 2 */
    {-10, -1}, /* passer enemy king distance rank 3 */
    {40, 3}, /* passer enemy king distance rank 4 */
    {-5, 32}, /* passer enemy king distance rank 5 */
    {-23, 54}, /* passer enemy king distance rank 6 */
    {32, 44}, /* passer enemy king distance rank 7 */
    {0, 0}, /* passer enemy king distance rank 8 */
    {34, 16}, /* passer protected */
    {-17, 68}, /* rook on 7th */
    {67, -6}, /* outpost N */
    {73, -11}, /* outpost B */
    {22, -7}, /* space */
    {-6, -25}, /* backward pawn */
    {-43, -3}, /* shelter rank 0 */
    {44, -39}, /* shelter rank 1 */
    {16, -22}, /* shelter rank 2 */
    {29, -15}, /* shelter rank 3 */
    {14, -7}, /* shelter rank 4 */
    {-5, 38}, /* shelter rank 5 */
    {-129, 95}, /* shelter rank 6 */
    {0, 0}, /* shelter rank 7 */
    {-14, -26}, /* storm rank 0 */
    {142, 122}, /* storm rank 1 */
    {-17, 58}, /* storm rank 2 */
    {-24, -2}, /* storm rank 3 */
    {-4, 2}, /* storm rank 4 */
    {3, -20}, /* storm rank 5 */
    {-12, -31}, /* storm rank 6 */
    {0, 0}, /* storm rank 7 */
    {4, -34}, /* storm blocked */
    {1, 1}, /* bad bishop */
    {17, 7}, /* minor behind pawn */
    {6, 20}, /* knight x pawns */
    {-34, 34}, /* rook x pawns */
    {0, -62}, /* trapped rook */
    {52, 43}, /* rook behind passer */
};

/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess). Tuned by tests/search/texel.c
 * --variant chess from the previous table (50 epochs, 153790 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.744, mean squared error 0.033710);
 * see README, Evaluation. The chess-only terms are eval/chess.c's. */
#include "chess.h"

const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2] = {
    {118, 76}, /* material P */
    {456, 441}, /* material N */
    {577, 370}, /* material B */
    {837, 881}, /* material R */
    {2024, 1230}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-80, 14}, /* pst P rank 2 file 1 */
    {-40, 8}, /* pst P rank 2 file 2 */
    {-47, 16}, /* pst P rank 2 file 3 */
    {-63, 1}, /* pst P rank 2 file 4 */
    {-72, 16}, /* pst P rank 3 file 1 */
    {-34, 11}, /* pst P rank 3 file 2 */
    {-34, 19}, /* pst P rank 3 file 3 */
    {-50, 3}, /* pst P rank 3 file 4 */
    {-81, 26}, /* pst P rank 4 file 1 */
    {-41, 21}, /* pst P rank 4 file 2 */
    {-43, 29}, /* pst P rank 4 file 3 */
    {-58, 14}, /* pst P rank 4 file 4 */
    {-77, 30}, /* pst P rank 5 file 1 */
    {-36, 25}, /* pst P rank 5 file 2 */
    {-37, 34}, /* pst P rank 5 file 3 */
    {-53, 19}, /* pst P rank 5 file 4 */
    {-35, 37}, /* pst P rank 6 file 1 */
    {7, 31}, /* pst P rank 6 file 2 */
    {-1, 40}, /* pst P rank 6 file 3 */
    {-16, 25}, /* pst P rank 6 file 4 */
    {269, 19}, /* pst P rank 7 file 1 */
    {311, 13}, /* pst P rank 7 file 2 */
    {303, 21}, /* pst P rank 7 file 3 */
    {288, 7}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-81, 10}, /* pst N rank 1 file 1 */
    {-37, -20}, /* pst N rank 1 file 2 */
    {-33, -29}, /* pst N rank 1 file 3 */
    {-10, -21}, /* pst N rank 1 file 4 */
    {-49, -12}, /* pst N rank 2 file 1 */
    {-4, -41}, /* pst N rank 2 file 2 */
    {0, -51}, /* pst N rank 2 file 3 */
    {22, -42}, /* pst N rank 2 file 4 */
    {-9, -27}, /* pst N rank 3 file 1 */
    {34, -56}, /* pst N rank 3 file 2 */
    {39, -66}, /* pst N rank 3 file 3 */
    {60, -57}, /* pst N rank 3 file 4 */
    {2, 5}, /* pst N rank 4 file 1 */
    {44, -21}, /* pst N rank 4 file 2 */
    {50, -32}, /* pst N rank 4 file 3 */
    {72, -24}, /* pst N rank 4 file 4 */
    {13, 10}, /* pst N rank 5 file 1 */
    {57, -19}, /* pst N rank 5 file 2 */
    {62, -29}, /* pst N rank 5 file 3 */
    {84, -18}, /* pst N rank 5 file 4 */
    {26, -16}, /* pst N rank 6 file 1 */
    {69, -45}, /* pst N rank 6 file 2 */
    {73, -55}, /* pst N rank 6 file 3 */
    {95, -46}, /* pst N rank 6 file 4 */
    {14, -6}, /* pst N rank 7 file 1 */
    {57, -34}, /* pst N rank 7 file 2 */
    {62, -45}, /* pst N rank 7 file 3 */
    {83, -35}, /* pst N rank 7 file 4 */
    {-384, 86}, /* pst N rank 8 file 1 */
    {-339, 58}, /* pst N rank 8 file 2 */
    {-335, 48}, /* pst N rank 8 file 3 */
    {-312, 56}, /* pst N rank 8 file 4 */
    {-66, -26}, /* pst B rank 1 file 1 */
    {-57, -20}, /* pst B rank 1 file 2 */
    {-47, -8}, /* pst B rank 1 file 3 */
    {-52, -15}, /* pst B rank 1 file 4 */
    {-18, -14}, /* pst B rank 2 file 1 */
    {-9, -8}, /* pst B rank 2 file 2 */
    {0, 5}, /* pst B rank 2 file 3 */
    {-3, -3}, /* pst B rank 2 file 4 */
    {-29, -13}, /* pst B rank 3 file 1 */
    {-20, -9}, /* pst B rank 3 file 2 */
    {-11, 4}, /* pst B rank 3 file 3 */
    {-16, -3}, /* pst B rank 3 file 4 */
    {-25, 27}, /* pst B rank 4 file 1 */
    {-17, 34}, /* pst B rank 4 file 2 */
    {-7, 44}, /* pst B rank 4 file 3 */
    {-11, 37}, /* pst B rank 4 file 4 */
    {-11, -2}, /* pst B rank 5 file 1 */
    {-3, 2}, /* pst B rank 5 file 2 */
    {7, 14}, /* pst B rank 5 file 3 */
    {4, 7}, /* pst B rank 5 file 4 */
    {1, 1}, /* pst B rank 6 file 1 */
    {10, 5}, /* pst B rank 6 file 2 */
    {19, 18}, /* pst B rank 6 file 3 */
    {16, 11}, /* pst B rank 6 file 4 */
    {23, -68}, /* pst B rank 7 file 1 */
    {31, -63}, /* pst B rank 7 file 2 */
    {41, -51}, /* pst B rank 7 file 3 */
    {38, -58}, /* pst B rank 7 file 4 */
    {-28, -41}, /* pst B rank 8 file 1 */
    {-21, -36}, /* pst B rank 8 file 2 */
    {-11, -25}, /* pst B rank 8 file 3 */
    {-15, -33}, /* pst B rank 8 file 4 */
    {-36, -19}, /* pst R rank 1 file 1 */
    {-30, -31}, /* pst R rank 1 file 2 */
    {-13, -9}, /* pst R rank 1 file 3 */
    {9, -23}, /* pst R rank 1 file 4 */
    {-69, -31}, /* pst R rank 2 file 1 */
    {-65, -44}, /* pst R rank 2 file 2 */
    {-48, -21}, /* pst R rank 2 file 3 */
    {-25, -33}, /* pst R rank 2 file 4 */
    {-59, 14}, /* pst R rank 3 file 1 */
    {-53, 2}, /* pst R rank 3 file 2 */
    {-36, 25}, /* pst R rank 3 file 3 */
    {-13, 12}, /* pst R rank 3 file 4 */
    {-78, 30}, /* pst R rank 4 file 1 */
    {-71, 18}, /* pst R rank 4 file 2 */
    {-54, 40}, /* pst R rank 4 file 3 */
    {-31, 27}, /* pst R rank 4 file 4 */
    {1, 15}, /* pst R rank 5 file 1 */
    {6, 4}, /* pst R rank 5 file 2 */
    {24, 27}, /* pst R rank 5 file 3 */
    {46, 13}, /* pst R rank 5 file 4 */
    {29, 3}, /* pst R rank 6 file 1 */
    {36, -11}, /* pst R rank 6 file 2 */
    {54, 13}, /* pst R rank 6 file 3 */
    {76, 0}, /* pst R rank 6 file 4 */
    {-17, -3}, /* pst R rank 7 file 1 */
    {-12, -15}, /* pst R rank 7 file 2 */
    {6, 8}, /* pst R rank 7 file 3 */
    {28, -6}, /* pst R rank 7 file 4 */
    {89, 6}, /* pst R rank 8 file 1 */
    {95, -6}, /* pst R rank 8 file 2 */
    {112, 16}, /* pst R rank 8 file 3 */
    {135, 3}, /* pst R rank 8 file 4 */
    {-37, -73}, /* pst Q rank 1 file 1 */
    {-46, -57}, /* pst Q rank 1 file 2 */
    {-23, -45}, /* pst Q rank 1 file 3 */
    {-45, -14}, /* pst Q rank 1 file 4 */
    {-5, -135}, /* pst Q rank 2 file 1 */
    {-12, -120}, /* pst Q rank 2 file 2 */
    {9, -107}, /* pst Q rank 2 file 3 */
    {-11, -77}, /* pst Q rank 2 file 4 */
    {-33, -31}, /* pst Q rank 3 file 1 */
    {-43, -15}, /* pst Q rank 3 file 2 */
    {-20, -3}, /* pst Q rank 3 file 3 */
    {-41, 28}, /* pst Q rank 3 file 4 */
    {-38, 28}, /* pst Q rank 4 file 1 */
    {-47, 43}, /* pst Q rank 4 file 2 */
    {-25, 57}, /* pst Q rank 4 file 3 */
    {-46, 87}, /* pst Q rank 4 file 4 */
    {-19, 4}, /* pst Q rank 5 file 1 */
    {-28, 20}, /* pst Q rank 5 file 2 */
    {-7, 33}, /* pst Q rank 5 file 3 */
    {-28, 63}, /* pst Q rank 5 file 4 */
    {-20, 39}, /* pst Q rank 6 file 1 */
    {-28, 55}, /* pst Q rank 6 file 2 */
    {-7, 69}, /* pst Q rank 6 file 3 */
    {-28, 99}, /* pst Q rank 6 file 4 */
    {-11, -13}, /* pst Q rank 7 file 1 */
    {-19, 3}, /* pst Q rank 7 file 2 */
    {3, 15}, /* pst Q rank 7 file 3 */
    {-18, 45}, /* pst Q rank 7 file 4 */
    {121, -98}, /* pst Q rank 8 file 1 */
    {113, -82}, /* pst Q rank 8 file 2 */
    {133, -69}, /* pst Q rank 8 file 3 */
    {115, -40}, /* pst Q rank 8 file 4 */
    {40, -209}, /* pst K rank 1 file 1 */
    {41, -151}, /* pst K rank 1 file 2 */
    {-26, -117}, /* pst K rank 1 file 3 */
    {-62, -111}, /* pst K rank 1 file 4 */
    {-6, -136}, /* pst K rank 2 file 1 */
    {-14, -77}, /* pst K rank 2 file 2 */
    {-82, -41}, /* pst K rank 2 file 3 */
    {-106, -37}, /* pst K rank 2 file 4 */
    {7, -119}, /* pst K rank 3 file 1 */
    {-1, -60}, /* pst K rank 3 file 2 */
    {-68, -25}, /* pst K rank 3 file 3 */
    {-95, -21}, /* pst K rank 3 file 4 */
    {-110, -55}, /* pst K rank 4 file 1 */
    {-118, 5}, /* pst K rank 4 file 2 */
    {-187, 40}, /* pst K rank 4 file 3 */
    {-210, 43}, /* pst K rank 4 file 4 */
    {-104, -21}, /* pst K rank 5 file 1 */
    {-112, 37}, /* pst K rank 5 file 2 */
    {-180, 73}, /* pst K rank 5 file 3 */
    {-206, 78}, /* pst K rank 5 file 4 */
    {-135, 40}, /* pst K rank 6 file 1 */
    {-145, 99}, /* pst K rank 6 file 2 */
    {-211, 135}, /* pst K rank 6 file 3 */
    {-236, 138}, /* pst K rank 6 file 4 */
    {56, -21}, /* pst K rank 7 file 1 */
    {47, 37}, /* pst K rank 7 file 2 */
    {-21, 74}, /* pst K rank 7 file 3 */
    {-45, 78}, /* pst K rank 7 file 4 */
    {345, -174}, /* pst K rank 8 file 1 */
    {336, -116}, /* pst K rank 8 file 2 */
    {268, -80}, /* pst K rank 8 file 3 */
    {244, -76}, /* pst K rank 8 file 4 */
    {-7, 54}, /* mobility N 0 */
    {15, 128}, /* mobility N 1 */
    {22, 168}, /* mobility N 2 */
    {34, 175}, /* mobility N 3 */
    {39, 196}, /* mobility N 4 */
    {36, 228}, /* mobility N 5 */
    {47, 222}, /* mobility N 6 */
    {44, 222}, /* mobility N 7 */
    {54, 207}, /* mobility N 8 */
    {-48, 185}, /* mobility B 0 */
    {-47, 236}, /* mobility B 1 */
    {-36, 299}, /* mobility B 2 */
    {-19, 312}, /* mobility B 3 */
    {-27, 343}, /* mobility B 4 */
    {-17, 338}, /* mobility B 5 */
    {-7, 340}, /* mobility B 6 */
    {-14, 334}, /* mobility B 7 */
    {-14, 322}, /* mobility B 8 */
    {-20, 297}, /* mobility B 9 */
    {-68, 339}, /* mobility B 10 */
    {-58, 306}, /* mobility B 11 */
    {67, 220}, /* mobility B 12 */
    {-133, 169}, /* mobility B 13 */
    {-22, -24}, /* mobility R 0 */
    {-11, 141}, /* mobility R 1 */
    {-1, 144}, /* mobility R 2 */
    {16, 162}, /* mobility R 3 */
    {15, 173}, /* mobility R 4 */
    {40, 149}, /* mobility R 5 */
    {43, 170}, /* mobility R 6 */
    {60, 163}, /* mobility R 7 */
    {61, 163}, /* mobility R 8 */
    {65, 175}, /* mobility R 9 */
    {44, 191}, /* mobility R 10 */
    {46, 195}, /* mobility R 11 */
    {62, 188}, /* mobility R 12 */
    {123, 175}, /* mobility R 13 */
    {303, 41}, /* mobility R 14 */
    {236, 611}, /* mobility Q 0 */
    {244, 730}, /* mobility Q 1 */
    {260, 360}, /* mobility Q 2 */
    {277, 368}, /* mobility Q 3 */
    {279, 386}, /* mobility Q 4 */
    {288, 403}, /* mobility Q 5 */
    {292, 330}, /* mobility Q 6 */
    {293, 392}, /* mobility Q 7 */
    {290, 396}, /* mobility Q 8 */
    {291, 398}, /* mobility Q 9 */
    {291, 405}, /* mobility Q 10 */
    {291, 395}, /* mobility Q 11 */
    {263, 442}, /* mobility Q 12 */
    {305, 389}, /* mobility Q 13 */
    {282, 419}, /* mobility Q 14 */
    {287, 426}, /* mobility Q 15 */
    {304, 401}, /* mobility Q 16 */
    {288, 388}, /* mobility Q 17 */
    {261, 425}, /* mobility Q 18 */
    {243, 400}, /* mobility Q 19 */
    {338, 367}, /* mobility Q 20 */
    {326, 322}, /* mobility Q 21 */
    {276, 412}, /* mobility Q 22 */
    {559, 104}, /* mobility Q 23 */
    {605, 58}, /* mobility Q 24 */
    {700, 63}, /* mobility Q 25 */
    {368, 143}, /* mobility Q 26 */
    {166, 127}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {354, -12}, /* passed rank 2 */
    {-34, 73}, /* passed rank 3 */
    {-43, 73}, /* passed rank 4 */
    {171, 53}, /* passed rank 5 */
    {391, 52}, /* passed rank 6 */
    {352, 136}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-25, -23}, /* doubled */
    {-9, -23}, /* isolated */
    {17, 9}, /* phalanx */
    {36, 17}, /* supported */
    {55, 196}, /* bishop pair */
    {46, 6}, /* rook open file */
    {20, 31}, /* rook semi-open file */
    {-5, 10}, /* king shield */
    {-1, -4}, /* king attack N */
    {29, 11}, /* king attack B */
    {7, -2}, /* king attack R */
    {2, 23}, /* king attack Q */
    {-85, -18}, /* king escapes 0 */
    {-74, 7}, /* king escapes 1 */
    {-69, 28}, /* king escapes 2 */
    {-69, 26}, /* king escapes 3 */
    {-62, 4}, /* king escapes 4 */
    {-75, 13}, /* king escapes 5 */
    {-65, -1}, /* king escapes 6 */
    {-61, 1}, /* king escapes 7 */
    {-105, -70}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {98, 51}, /* free pawn */
    {-160, -6}, /* free-piece ratio */
    {33, 14}, /* tempo */
    {74, 42}, /* threat by pawn */
    {19, 14}, /* threat by pawn push */
    {44, 29}, /* minor attacked by minor */
    {15, 27}, /* minor attacked by major */
    {85, 9}, /* rook attacked by minor */
    {53, 48}, /* queen attacked */
    {0, 36}, /* hanging piece */
    {24, 49}, /* weak pawn attacked */
    {40, 4}, /* safe check N */
    {-1, 54}, /* safe check B */
    {98, -23}, /* safe check R */
    {20, 22}, /* safe check Q */
    {-1, 7}, /* weak king ring */
    {-1, 12}, /* king danger 1 */
    {18, 9}, /* king danger 2 */
    {35, 50}, /* king danger 3 */
    {139, 25}, /* king danger 4 */
    {130, 42}, /* king danger 5 */
    {357, -99}, /* king danger 6 */
    {188, 108}, /* king danger 7 */
    {96, 155}, /* king danger 8 */
    {41, 156}, /* king danger 9 */
    {-80, 412}, /* king danger 10 */
    {0, 0}, /* passer safe stop rank 1 */
    {-59, 39}, /* passer safe stop rank 2 */
    {-57, 4}, /* passer safe stop rank 3 */
    {-5, 5}, /* passer safe stop rank 4 */
    {75, 17}, /* passer safe stop rank 5 */
    {3, 31}, /* passer safe stop rank 6 */
    {-52, 114}, /* passer safe stop rank 7 */
    {0, 0}, /* passer safe stop rank 8 */
    {0, 0}, /* passer free path rank 1 */
    {-247, 63}, /* passer free path rank 2 */
    {1, 27}, /* passer free path rank 3 */
    {-46, 38}, /* passer free path rank 4 */
    {-127, 72}, /* passer free path rank 5 */
    {-176, 86}, /* passer free path rank 6 */
    {-52, 114}, /* passer free path rank 7 */
    {0, 0}, /* passer free path rank 8 */
    {0, 0}, /* passer own king distance rank 1 */
    {5, -3}, /* passer own king distance rank 2 */
    {8, -17}, /* passer own king distance rank 3 */
    {-32, -9}, /* passer own king distance rank 4 */
    {-28, -19}, /* passer own king distance rank 5 */
    {-39, -16}, /* passer own king distance rank 6 */
    {-73, -26}, /* passer own king distance rank 7 */
    {0, 0}, /* passer own king distance rank 8 */
    {0, 0}, /* passer enemy king distance rank 1 */
    {-64, 0}, /* passer enemy king distance rank 2 */
    {-10, 0}, /* passer enemy king distance rank 3 */
    {41, 4}, /* passer enemy king distance rank 4 */
    {-2, 30}, /* passer enemy king distance rank 5 */
    {-22, 55}, /* passer enemy king distance rank 6 */
    {38, 49}, /* passer enemy king distance rank 7 */
    {0, 0}, /* passer enemy king distance rank 8 */
    {30, 18}, /* passer protected */
    {-4, 63}, /* rook on 7th */
    {67, -7}, /* outpost N */
    {74, -12}, /* outpost B */
    {22, -7}, /* space */
    {-6, -23}, /* backward pawn */
    {-45, 1}, /* shelter rank 0 */
    {45, -37}, /* shelter rank 1 */
    {17, -21}, /* shelter rank 2 */
    {31, -16}, /* shelter rank 3 */
    {14, -6}, /* shelter rank 4 */
    {-10, 43}, /* shelter rank 5 */
    {-89, 72}, /* shelter rank 6 */
    {0, 0}, /* shelter rank 7 */
    {-14, -20}, /* storm rank 0 */
    {98, 89}, /* storm rank 1 */
    {-4, 54}, /* storm rank 2 */
    {-23, 2}, /* storm rank 3 */
    {0, 3}, /* storm rank 4 */
    {4, -15}, /* storm rank 5 */
    {-10, -24}, /* storm rank 6 */
    {0, 0}, /* storm rank 7 */
    {4, -26}, /* storm blocked */
    {18, 7}, /* minor behind pawn */
    {4, 22}, /* knight x pawns */
    {-25, 29}, /* rook x pawns */
};

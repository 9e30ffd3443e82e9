/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess). Tuned by tests/search/texel.c
 * --variant chess from the previous table (300 epochs, 62066 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.722, mean squared error 0.035018);
 * see README, Evaluation. The chess-only terms are eval/chess.c's. */
#include "chess.h"

const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2] = {
    {158, 53}, /* material P */
    {500, 387}, /* material N */
    {602, 242}, /* material B */
    {765, 769}, /* material R */
    {2096, 1056}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-132, 59}, /* pst P rank 2 file 1 */
    {-91, 56}, /* pst P rank 2 file 2 */
    {-70, 36}, /* pst P rank 2 file 3 */
    {-102, 28}, /* pst P rank 2 file 4 */
    {-147, 75}, /* pst P rank 3 file 1 */
    {-106, 72}, /* pst P rank 3 file 2 */
    {-79, 53}, /* pst P rank 3 file 3 */
    {-111, 44}, /* pst P rank 3 file 4 */
    {-139, 75}, /* pst P rank 4 file 1 */
    {-97, 73}, /* pst P rank 4 file 2 */
    {-71, 53}, /* pst P rank 4 file 3 */
    {-102, 45}, /* pst P rank 4 file 4 */
    {-146, 92}, /* pst P rank 5 file 1 */
    {-104, 89}, /* pst P rank 5 file 2 */
    {-77, 70}, /* pst P rank 5 file 3 */
    {-109, 61}, /* pst P rank 5 file 4 */
    {-19, -43}, /* pst P rank 6 file 1 */
    {24, -46}, /* pst P rank 6 file 2 */
    {44, -65}, /* pst P rank 6 file 3 */
    {13, -73}, /* pst P rank 6 file 4 */
    {440, -54}, /* pst P rank 7 file 1 */
    {483, -58}, /* pst P rank 7 file 2 */
    {503, -77}, /* pst P rank 7 file 3 */
    {472, -85}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-44, -27}, /* pst N rank 1 file 1 */
    {-9, -60}, /* pst N rank 1 file 2 */
    {-4, -58}, /* pst N rank 1 file 3 */
    {16, -57}, /* pst N rank 1 file 4 */
    {-16, -18}, /* pst N rank 2 file 1 */
    {20, -51}, /* pst N rank 2 file 2 */
    {24, -49}, /* pst N rank 2 file 3 */
    {44, -48}, /* pst N rank 2 file 4 */
    {12, -28}, /* pst N rank 3 file 1 */
    {47, -60}, /* pst N rank 3 file 2 */
    {51, -59}, /* pst N rank 3 file 3 */
    {71, -57}, /* pst N rank 3 file 4 */
    {32, 19}, /* pst N rank 4 file 1 */
    {67, -12}, /* pst N rank 4 file 2 */
    {73, -11}, /* pst N rank 4 file 3 */
    {93, -10}, /* pst N rank 4 file 4 */
    {39, -1}, /* pst N rank 5 file 1 */
    {74, -34}, /* pst N rank 5 file 2 */
    {79, -32}, /* pst N rank 5 file 3 */
    {99, -29}, /* pst N rank 5 file 4 */
    {7, 18}, /* pst N rank 6 file 1 */
    {42, -15}, /* pst N rank 6 file 2 */
    {46, -13}, /* pst N rank 6 file 3 */
    {66, -11}, /* pst N rank 6 file 4 */
    {-29, -25}, /* pst N rank 7 file 1 */
    {6, -57}, /* pst N rank 7 file 2 */
    {11, -56}, /* pst N rank 7 file 3 */
    {31, -54}, /* pst N rank 7 file 4 */
    {-415, 103}, /* pst N rank 8 file 1 */
    {-379, 72}, /* pst N rank 8 file 2 */
    {-374, 73}, /* pst N rank 8 file 3 */
    {-354, 74}, /* pst N rank 8 file 4 */
    {-63, -67}, /* pst B rank 1 file 1 */
    {-40, -83}, /* pst B rank 1 file 2 */
    {-35, -59}, /* pst B rank 1 file 3 */
    {-39, -73}, /* pst B rank 1 file 4 */
    {-28, -37}, /* pst B rank 2 file 1 */
    {-5, -54}, /* pst B rank 2 file 2 */
    {-1, -29}, /* pst B rank 2 file 3 */
    {-4, -43}, /* pst B rank 2 file 4 */
    {-24, -1}, /* pst B rank 3 file 1 */
    {-1, -18}, /* pst B rank 3 file 2 */
    {4, 7}, /* pst B rank 3 file 3 */
    {0, -7}, /* pst B rank 3 file 4 */
    {-61, 46}, /* pst B rank 4 file 1 */
    {-39, 31}, /* pst B rank 4 file 2 */
    {-34, 53}, /* pst B rank 4 file 3 */
    {-37, 40}, /* pst B rank 4 file 4 */
    {-22, 24}, /* pst B rank 5 file 1 */
    {0, 7}, /* pst B rank 5 file 2 */
    {5, 31}, /* pst B rank 5 file 3 */
    {2, 17}, /* pst B rank 5 file 4 */
    {-31, 39}, /* pst B rank 6 file 1 */
    {-7, 22}, /* pst B rank 6 file 2 */
    {-3, 47}, /* pst B rank 6 file 3 */
    {-6, 33}, /* pst B rank 6 file 4 */
    {9, -4}, /* pst B rank 7 file 1 */
    {32, -21}, /* pst B rank 7 file 2 */
    {37, 3}, /* pst B rank 7 file 3 */
    {34, -11}, /* pst B rank 7 file 4 */
    {-1, -41}, /* pst B rank 8 file 1 */
    {21, -58}, /* pst B rank 8 file 2 */
    {26, -34}, /* pst B rank 8 file 3 */
    {23, -48}, /* pst B rank 8 file 4 */
    {0, -10}, /* pst R rank 1 file 1 */
    {-4, -29}, /* pst R rank 1 file 2 */
    {38, -14}, /* pst R rank 1 file 3 */
    {37, -2}, /* pst R rank 1 file 4 */
    {-27, -44}, /* pst R rank 2 file 1 */
    {-33, -64}, /* pst R rank 2 file 2 */
    {9, -48}, /* pst R rank 2 file 3 */
    {9, -35}, /* pst R rank 2 file 4 */
    {-46, -8}, /* pst R rank 3 file 1 */
    {-50, -27}, /* pst R rank 3 file 2 */
    {-8, -12}, /* pst R rank 3 file 3 */
    {-8, 1}, /* pst R rank 3 file 4 */
    {-98, 25}, /* pst R rank 4 file 1 */
    {-101, 6}, /* pst R rank 4 file 2 */
    {-59, 21}, /* pst R rank 4 file 3 */
    {-59, 34}, /* pst R rank 4 file 4 */
    {15, 19}, /* pst R rank 5 file 1 */
    {10, 1}, /* pst R rank 5 file 2 */
    {52, 16}, /* pst R rank 5 file 3 */
    {52, 29}, /* pst R rank 5 file 4 */
    {88, -23}, /* pst R rank 6 file 1 */
    {85, -43}, /* pst R rank 6 file 2 */
    {127, -27}, /* pst R rank 6 file 3 */
    {126, -14}, /* pst R rank 6 file 4 */
    {-165, 55}, /* pst R rank 7 file 1 */
    {-170, 36}, /* pst R rank 7 file 2 */
    {-128, 51}, /* pst R rank 7 file 3 */
    {-128, 64}, /* pst R rank 7 file 4 */
    {100, 20}, /* pst R rank 8 file 1 */
    {96, 1}, /* pst R rank 8 file 2 */
    {138, 15}, /* pst R rank 8 file 3 */
    {138, 28}, /* pst R rank 8 file 4 */
    {-31, -53}, /* pst Q rank 1 file 1 */
    {-57, -74}, /* pst Q rank 1 file 2 */
    {-31, -19}, /* pst Q rank 1 file 3 */
    {-46, -4}, /* pst Q rank 1 file 4 */
    {-1, -73}, /* pst Q rank 2 file 1 */
    {-26, -95}, /* pst Q rank 2 file 2 */
    {-1, -38}, /* pst Q rank 2 file 3 */
    {-15, -25}, /* pst Q rank 2 file 4 */
    {-13, -20}, /* pst Q rank 3 file 1 */
    {-40, -41}, /* pst Q rank 3 file 2 */
    {-14, 15}, /* pst Q rank 3 file 3 */
    {-28, 29}, /* pst Q rank 3 file 4 */
    {12, -7}, /* pst Q rank 4 file 1 */
    {-14, -28}, /* pst Q rank 4 file 2 */
    {11, 29}, /* pst Q rank 4 file 3 */
    {-3, 42}, /* pst Q rank 4 file 4 */
    {18, -38}, /* pst Q rank 5 file 1 */
    {-8, -59}, /* pst Q rank 5 file 2 */
    {17, -2}, /* pst Q rank 5 file 3 */
    {2, 11}, /* pst Q rank 5 file 4 */
    {10, 18}, /* pst Q rank 6 file 1 */
    {-16, -3}, /* pst Q rank 6 file 2 */
    {9, 54}, /* pst Q rank 6 file 3 */
    {-6, 68}, /* pst Q rank 6 file 4 */
    {33, 8}, /* pst Q rank 7 file 1 */
    {7, -13}, /* pst Q rank 7 file 2 */
    {33, 43}, /* pst Q rank 7 file 3 */
    {18, 56}, /* pst Q rank 7 file 4 */
    {7, -34}, /* pst Q rank 8 file 1 */
    {-19, -55}, /* pst Q rank 8 file 2 */
    {6, 1}, /* pst Q rank 8 file 3 */
    {-7, 14}, /* pst Q rank 8 file 4 */
    {53, -184}, /* pst K rank 1 file 1 */
    {48, -129}, /* pst K rank 1 file 2 */
    {-4, -117}, /* pst K rank 1 file 3 */
    {-62, -96}, /* pst K rank 1 file 4 */
    {8, -119}, /* pst K rank 2 file 1 */
    {-8, -64}, /* pst K rank 2 file 2 */
    {-60, -50}, /* pst K rank 2 file 3 */
    {-107, -31}, /* pst K rank 2 file 4 */
    {-12, -86}, /* pst K rank 3 file 1 */
    {-27, -30}, /* pst K rank 3 file 2 */
    {-79, -17}, /* pst K rank 3 file 3 */
    {-127, 2}, /* pst K rank 3 file 4 */
    {-144, -30}, /* pst K rank 4 file 1 */
    {-160, 26}, /* pst K rank 4 file 2 */
    {-213, 39}, /* pst K rank 4 file 3 */
    {-259, 58}, /* pst K rank 4 file 4 */
    {-19, -36}, /* pst K rank 5 file 1 */
    {-34, 19}, /* pst K rank 5 file 2 */
    {-87, 32}, /* pst K rank 5 file 3 */
    {-135, 52}, /* pst K rank 5 file 4 */
    {-17, -8}, /* pst K rank 6 file 1 */
    {-34, 49}, /* pst K rank 6 file 2 */
    {-85, 62}, /* pst K rank 6 file 3 */
    {-132, 80}, /* pst K rank 6 file 4 */
    {82, -30}, /* pst K rank 7 file 1 */
    {66, 25}, /* pst K rank 7 file 2 */
    {14, 39}, /* pst K rank 7 file 3 */
    {-33, 58}, /* pst K rank 7 file 4 */
    {168, -124}, /* pst K rank 8 file 1 */
    {151, -69}, /* pst K rank 8 file 2 */
    {99, -55}, /* pst K rank 8 file 3 */
    {53, -36}, /* pst K rank 8 file 4 */
    {21, 159}, /* mobility N 0 */
    {33, 157}, /* mobility N 1 */
    {47, 136}, /* mobility N 2 */
    {53, 140}, /* mobility N 3 */
    {54, 176}, /* mobility N 4 */
    {56, 189}, /* mobility N 5 */
    {74, 167}, /* mobility N 6 */
    {94, 154}, /* mobility N 7 */
    {39, 156}, /* mobility N 8 */
    {-54, 119}, /* mobility B 0 */
    {-47, 223}, /* mobility B 1 */
    {-39, 275}, /* mobility B 2 */
    {-11, 255}, /* mobility B 3 */
    {-18, 295}, /* mobility B 4 */
    {-17, 297}, /* mobility B 5 */
    {0, 278}, /* mobility B 6 */
    {-11, 263}, /* mobility B 7 */
    {-29, 258}, /* mobility B 8 */
    {38, 212}, /* mobility B 9 */
    {-42, 234}, /* mobility B 10 */
    {7, 194}, /* mobility B 11 */
    {71, 101}, /* mobility B 12 */
    {291, -121}, /* mobility B 13 */
    {-30, -69}, /* mobility R 0 */
    {-27, 114}, /* mobility R 1 */
    {-6, 127}, /* mobility R 2 */
    {17, 107}, /* mobility R 3 */
    {14, 142}, /* mobility R 4 */
    {24, 127}, /* mobility R 5 */
    {41, 119}, /* mobility R 6 */
    {65, 138}, /* mobility R 7 */
    {71, 132}, /* mobility R 8 */
    {70, 146}, /* mobility R 9 */
    {37, 171}, /* mobility R 10 */
    {41, 164}, /* mobility R 11 */
    {38, 166}, /* mobility R 12 */
    {107, 143}, /* mobility R 13 */
    {277, 45}, /* mobility R 14 */
    {250, 1152}, /* mobility Q 0 */
    {258, 1254}, /* mobility Q 1 */
    {269, 343}, /* mobility Q 2 */
    {271, 384}, /* mobility Q 3 */
    {297, 194}, /* mobility Q 4 */
    {297, 319}, /* mobility Q 5 */
    {284, 226}, /* mobility Q 6 */
    {294, 301}, /* mobility Q 7 */
    {287, 315}, /* mobility Q 8 */
    {283, 282}, /* mobility Q 9 */
    {273, 313}, /* mobility Q 10 */
    {268, 304}, /* mobility Q 11 */
    {236, 315}, /* mobility Q 12 */
    {284, 278}, /* mobility Q 13 */
    {269, 310}, /* mobility Q 14 */
    {229, 362}, /* mobility Q 15 */
    {304, 283}, /* mobility Q 16 */
    {250, 297}, /* mobility Q 17 */
    {257, 337}, /* mobility Q 18 */
    {145, 349}, /* mobility Q 19 */
    {226, 316}, /* mobility Q 20 */
    {443, 142}, /* mobility Q 21 */
    {392, 216}, /* mobility Q 22 */
    {962, -131}, /* mobility Q 23 */
    {420, 35}, /* mobility Q 24 */
    {574, 8}, /* mobility Q 25 */
    {581, -108}, /* mobility Q 26 */
    {-202, 42}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {349, 10}, /* passed rank 2 */
    {112, 42}, /* passed rank 3 */
    {78, 55}, /* passed rank 4 */
    {197, -5}, /* passed rank 5 */
    {529, 92}, /* passed rank 6 */
    {587, 44}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-83, 11}, /* doubled */
    {-3, -19}, /* isolated */
    {12, 12}, /* phalanx */
    {37, 1}, /* supported */
    {94, 160}, /* bishop pair */
    {56, -12}, /* rook open file */
    {38, 21}, /* rook semi-open file */
    {28, 3}, /* king shield */
    {6, -4}, /* king attack N */
    {52, 6}, /* king attack B */
    {33, -13}, /* king attack R */
    {10, 6}, /* king attack Q */
    {-107, 16}, /* king escapes 0 */
    {-78, 6}, /* king escapes 1 */
    {-84, 18}, /* king escapes 2 */
    {-91, 14}, /* king escapes 3 */
    {-76, -1}, /* king escapes 4 */
    {-69, -7}, /* king escapes 5 */
    {-43, -15}, /* king escapes 6 */
    {-38, -1}, /* king escapes 7 */
    {6, -80}, /* king escapes 8 */
    {-28, -126}, /* entanglement control N */
    {-60, -62}, /* entanglement control B */
    {-48, -32}, /* entanglement control R */
    {8, -368}, /* entanglement control Q */
    {23, 17}, /* pullable N */
    {41, -50}, /* pullable B */
    {38, -90}, /* pullable R */
    {32, 204}, /* pullable Q */
    {4, -3}, /* counterpart mobility */
    {138, 28}, /* free pawn */
    {-108, -11}, /* free-piece ratio */
    {35, 9}, /* tempo */
    {89, 0}, /* threat by pawn */
    {14, 12}, /* threat by pawn push */
    {56, 27}, /* minor attacked by minor */
    {30, 41}, /* minor attacked by major */
    {86, -18}, /* rook attacked by minor */
    {60, -7}, /* queen attacked */
    {-10, 46}, /* hanging piece */
    {32, 31}, /* weak pawn attacked */
    {59, 1}, /* safe check N */
    {19, 29}, /* safe check B */
    {145, -39}, /* safe check R */
    {35, -10}, /* safe check Q */
    {9, 9}, /* weak king ring */
    {-7, 3}, /* king danger 1 */
    {-5, -30}, /* king danger 2 */
    {-3, 32}, /* king danger 3 */
    {68, 64}, /* king danger 4 */
    {152, 49}, /* king danger 5 */
    {401, -68}, /* king danger 6 */
    {203, 174}, /* king danger 7 */
    {196, 261}, /* king danger 8 */
    {548, 493}, /* king danger 9 */
    {242, 262}, /* king danger 10 */
    {0, 0}, /* passer safe stop rank 1 */
    {-35, 30}, /* passer safe stop rank 2 */
    {-42, -31}, /* passer safe stop rank 3 */
    {28, -63}, /* passer safe stop rank 4 */
    {114, -7}, /* passer safe stop rank 5 */
    {-212, 158}, /* passer safe stop rank 6 */
    {-19, 73}, /* passer safe stop rank 7 */
    {0, 0}, /* passer safe stop rank 8 */
    {0, 0}, /* passer free path rank 1 */
    {-253, 75}, /* passer free path rank 2 */
    {-104, 15}, /* passer free path rank 3 */
    {-84, 104}, /* passer free path rank 4 */
    {-126, 69}, /* passer free path rank 5 */
    {113, -45}, /* passer free path rank 6 */
    {-19, 73}, /* passer free path rank 7 */
    {0, 0}, /* passer free path rank 8 */
    {0, 0}, /* passer own king distance rank 1 */
    {14, -4}, /* passer own king distance rank 2 */
    {-10, 1}, /* passer own king distance rank 3 */
    {-79, 4}, /* passer own king distance rank 4 */
    {-44, 5}, /* passer own king distance rank 5 */
    {-58, 0}, /* passer own king distance rank 6 */
    {-160, -9}, /* passer own king distance rank 7 */
    {0, 0}, /* passer own king distance rank 8 */
    {0, 0}, /* passer enemy king distance rank 1 */
    {-81, -4}, /* passer enemy king distance rank 2 */
    {-46, 8}, /* passer enemy king distance rank 3 */
    {63, -4}, /* passer enemy king distance rank 4 */
    {2, 17}, /* passer enemy king distance rank 5 */
    {-44, 44}, /* passer enemy king distance rank 6 */
    {106, 47}, /* passer enemy king distance rank 7 */
    {0, 0}, /* passer enemy king distance rank 8 */
    {12, 19}, /* passer protected */
    {115, -8}, /* rook on 7th */
    {58, -9}, /* outpost N */
    {73, 1}, /* outpost B */
    {34, -10}, /* space */
};

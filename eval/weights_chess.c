/* Classical chess evaluation weights {middlegame, endgame}, indexed by the T_* terms of
 * eval.h (the QEC link terms have no coefficient in chess: their rows are QEC's, named as its
 * block EVAL_ROWS_LINKS). Tuned by tools/texel.c
 * --variant chess from the previous table (110 epochs, 381415 positions of stockfish self-play,
 * bench/chess_data.py + bench/chess_labels.py; K = 0.715, mean squared error 0.035275);
 * see docs/dev/evaluation.md. The chess-only terms are eval/chess.c's. */
#include "chess.h"
#include "weights_qec.h"

const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2] = {
    {107, 87}, /* material P */
    {438, 504}, /* material N */
    {580, 436}, /* material B */
    {813, 999}, /* material R */
    {1922, 1450}, /* material Q */
    {0, 0}, /* pst P rank 1 file 1 */
    {0, 0}, /* pst P rank 1 file 2 */
    {0, 0}, /* pst P rank 1 file 3 */
    {0, 0}, /* pst P rank 1 file 4 */
    {-65, 5}, /* pst P rank 2 file 1 */
    {-36, 12}, /* pst P rank 2 file 2 */
    {-41, -1}, /* pst P rank 2 file 3 */
    {-51, -4}, /* pst P rank 2 file 4 */
    {-54, -1}, /* pst P rank 3 file 1 */
    {-27, 4}, /* pst P rank 3 file 2 */
    {-26, -7}, /* pst P rank 3 file 3 */
    {-35, -10}, /* pst P rank 3 file 4 */
    {-56, 3}, /* pst P rank 4 file 1 */
    {-26, 10}, /* pst P rank 4 file 2 */
    {-26, -3}, /* pst P rank 4 file 3 */
    {-35, -5}, /* pst P rank 4 file 4 */
    {-41, 26}, /* pst P rank 5 file 1 */
    {-12, 32}, /* pst P rank 5 file 2 */
    {-11, 21}, /* pst P rank 5 file 3 */
    {-20, 18}, /* pst P rank 5 file 4 */
    {-35, 44}, /* pst P rank 6 file 1 */
    {-4, 49}, /* pst P rank 6 file 2 */
    {-9, 37}, /* pst P rank 6 file 3 */
    {-18, 35}, /* pst P rank 6 file 4 */
    {209, 56}, /* pst P rank 7 file 1 */
    {240, 61}, /* pst P rank 7 file 2 */
    {235, 49}, /* pst P rank 7 file 3 */
    {226, 48}, /* pst P rank 7 file 4 */
    {0, 0}, /* pst P rank 8 file 1 */
    {0, 0}, /* pst P rank 8 file 2 */
    {0, 0}, /* pst P rank 8 file 3 */
    {0, 0}, /* pst P rank 8 file 4 */
    {-71, -54}, /* pst N rank 1 file 1 */
    {-36, -63}, /* pst N rank 1 file 2 */
    {-24, -62}, /* pst N rank 1 file 3 */
    {-10, -50}, /* pst N rank 1 file 4 */
    {-42, -42}, /* pst N rank 2 file 1 */
    {-5, -50}, /* pst N rank 2 file 2 */
    {5, -50}, /* pst N rank 2 file 3 */
    {19, -37}, /* pst N rank 2 file 4 */
    {-11, -44}, /* pst N rank 3 file 1 */
    {24, -52}, /* pst N rank 3 file 2 */
    {34, -52}, /* pst N rank 3 file 3 */
    {48, -39}, /* pst N rank 3 file 4 */
    {7, -6}, /* pst N rank 4 file 1 */
    {41, -12}, /* pst N rank 4 file 2 */
    {54, -13}, /* pst N rank 4 file 3 */
    {68, 0}, /* pst N rank 4 file 4 */
    {21, 4}, /* pst N rank 5 file 1 */
    {56, -4}, /* pst N rank 5 file 2 */
    {67, -3}, /* pst N rank 5 file 3 */
    {81, 12}, /* pst N rank 5 file 4 */
    {19, -8}, /* pst N rank 6 file 1 */
    {54, -16}, /* pst N rank 6 file 2 */
    {64, -15}, /* pst N rank 6 file 3 */
    {79, -3}, /* pst N rank 6 file 4 */
    {-18, -2}, /* pst N rank 7 file 1 */
    {18, -9}, /* pst N rank 7 file 2 */
    {29, -9}, /* pst N rank 7 file 3 */
    {43, 4}, /* pst N rank 7 file 4 */
    {-333, 28}, /* pst N rank 8 file 1 */
    {-297, 22}, /* pst N rank 8 file 2 */
    {-287, 21}, /* pst N rank 8 file 3 */
    {-272, 34}, /* pst N rank 8 file 4 */
    {-43, -19}, /* pst B rank 1 file 1 */
    {-23, -23}, /* pst B rank 1 file 2 */
    {-28, -12}, /* pst B rank 1 file 3 */
    {-26, -13}, /* pst B rank 1 file 4 */
    {-6, -28}, /* pst B rank 2 file 1 */
    {14, -31}, /* pst B rank 2 file 2 */
    {8, -19}, /* pst B rank 2 file 3 */
    {12, -22}, /* pst B rank 2 file 4 */
    {-1, -21}, /* pst B rank 3 file 1 */
    {19, -26}, /* pst B rank 3 file 2 */
    {13, -14}, /* pst B rank 3 file 3 */
    {16, -15}, /* pst B rank 3 file 4 */
    {12, -3}, /* pst B rank 4 file 1 */
    {31, -5}, /* pst B rank 4 file 2 */
    {25, 4}, /* pst B rank 4 file 3 */
    {29, 3}, /* pst B rank 4 file 4 */
    {-1, -10}, /* pst B rank 5 file 1 */
    {17, -15}, /* pst B rank 5 file 2 */
    {12, -3}, /* pst B rank 5 file 3 */
    {16, -4}, /* pst B rank 5 file 4 */
    {-17, -3}, /* pst B rank 6 file 1 */
    {4, -7}, /* pst B rank 6 file 2 */
    {-3, 5}, /* pst B rank 6 file 3 */
    {2, 4}, /* pst B rank 6 file 4 */
    {-22, -25}, /* pst B rank 7 file 1 */
    {-3, -29}, /* pst B rank 7 file 2 */
    {-8, -17}, /* pst B rank 7 file 3 */
    {-5, -19}, /* pst B rank 7 file 4 */
    {-94, 17}, /* pst B rank 8 file 1 */
    {-76, 12}, /* pst B rank 8 file 2 */
    {-81, 24}, /* pst B rank 8 file 3 */
    {-78, 22}, /* pst B rank 8 file 4 */
    {-61, -26}, /* pst R rank 1 file 1 */
    {-46, -35}, /* pst R rank 1 file 2 */
    {-24, -24}, /* pst R rank 1 file 3 */
    {0, -45}, /* pst R rank 1 file 4 */
    {-98, -15}, /* pst R rank 2 file 1 */
    {-86, -25}, /* pst R rank 2 file 2 */
    {-62, -13}, /* pst R rank 2 file 3 */
    {-39, -32}, /* pst R rank 2 file 4 */
    {-68, 10}, /* pst R rank 3 file 1 */
    {-53, 1}, /* pst R rank 3 file 2 */
    {-30, 12}, /* pst R rank 3 file 3 */
    {-6, -6}, /* pst R rank 3 file 4 */
    {-73, 27}, /* pst R rank 4 file 1 */
    {-57, 18}, /* pst R rank 4 file 2 */
    {-35, 29}, /* pst R rank 4 file 3 */
    {-10, 11}, /* pst R rank 4 file 4 */
    {-17, 31}, /* pst R rank 5 file 1 */
    {-4, 23}, /* pst R rank 5 file 2 */
    {21, 35}, /* pst R rank 5 file 3 */
    {43, 16}, /* pst R rank 5 file 4 */
    {35, 9}, /* pst R rank 6 file 1 */
    {50, -2}, /* pst R rank 6 file 2 */
    {74, 11}, /* pst R rank 6 file 3 */
    {97, -7}, /* pst R rank 6 file 4 */
    {11, -7}, /* pst R rank 7 file 1 */
    {24, -16}, /* pst R rank 7 file 2 */
    {48, -4}, /* pst R rank 7 file 3 */
    {71, -25}, /* pst R rank 7 file 4 */
    {54, 25}, /* pst R rank 8 file 1 */
    {69, 16}, /* pst R rank 8 file 2 */
    {91, 26}, /* pst R rank 8 file 3 */
    {116, 8}, /* pst R rank 8 file 4 */
    {-26, -107}, /* pst Q rank 1 file 1 */
    {-19, -96}, /* pst Q rank 1 file 2 */
    {-22, -75}, /* pst Q rank 1 file 3 */
    {-30, -50}, /* pst Q rank 1 file 4 */
    {2, -140}, /* pst Q rank 2 file 1 */
    {9, -129}, /* pst Q rank 2 file 2 */
    {5, -106}, /* pst Q rank 2 file 3 */
    {-2, -83}, /* pst Q rank 2 file 4 */
    {-18, -50}, /* pst Q rank 3 file 1 */
    {-12, -40}, /* pst Q rank 3 file 2 */
    {-15, -16}, /* pst Q rank 3 file 3 */
    {-22, 7}, /* pst Q rank 3 file 4 */
    {-25, 21}, /* pst Q rank 4 file 1 */
    {-19, 32}, /* pst Q rank 4 file 2 */
    {-22, 56}, /* pst Q rank 4 file 3 */
    {-30, 79}, /* pst Q rank 4 file 4 */
    {-7, 5}, /* pst Q rank 5 file 1 */
    {-1, 16}, /* pst Q rank 5 file 2 */
    {-6, 40}, /* pst Q rank 5 file 3 */
    {-13, 63}, /* pst Q rank 5 file 4 */
    {-15, 36}, /* pst Q rank 6 file 1 */
    {-8, 48}, /* pst Q rank 6 file 2 */
    {-12, 71}, /* pst Q rank 6 file 3 */
    {-21, 95}, /* pst Q rank 6 file 4 */
    {-15, 21}, /* pst Q rank 7 file 1 */
    {-9, 33}, /* pst Q rank 7 file 2 */
    {-12, 55}, /* pst Q rank 7 file 3 */
    {-20, 78}, /* pst Q rank 7 file 4 */
    {47, -65}, /* pst Q rank 8 file 1 */
    {55, -53}, /* pst Q rank 8 file 2 */
    {50, -30}, /* pst Q rank 8 file 3 */
    {44, -7}, /* pst Q rank 8 file 4 */
    {69, -208}, /* pst K rank 1 file 1 */
    {60, -162}, /* pst K rank 1 file 2 */
    {7, -127}, /* pst K rank 1 file 3 */
    {-31, -121}, /* pst K rank 1 file 4 */
    {29, -139}, /* pst K rank 2 file 1 */
    {10, -93}, /* pst K rank 2 file 2 */
    {-43, -56}, /* pst K rank 2 file 3 */
    {-70, -51}, /* pst K rank 2 file 4 */
    {20, -114}, /* pst K rank 3 file 1 */
    {2, -67}, /* pst K rank 3 file 2 */
    {-50, -32}, /* pst K rank 3 file 3 */
    {-78, -27}, /* pst K rank 3 file 4 */
    {-48, -70}, /* pst K rank 4 file 1 */
    {-66, -23}, /* pst K rank 4 file 2 */
    {-121, 14}, /* pst K rank 4 file 3 */
    {-146, 16}, /* pst K rank 4 file 4 */
    {-49, -35}, /* pst K rank 5 file 1 */
    {-66, 11}, /* pst K rank 5 file 2 */
    {-119, 47}, /* pst K rank 5 file 3 */
    {-147, 52}, /* pst K rank 5 file 4 */
    {-134, 32}, /* pst K rank 6 file 1 */
    {-153, 79}, /* pst K rank 6 file 2 */
    {-205, 114}, /* pst K rank 6 file 3 */
    {-232, 118}, /* pst K rank 6 file 4 */
    {25, -4}, /* pst K rank 7 file 1 */
    {6, 43}, /* pst K rank 7 file 2 */
    {-48, 80}, /* pst K rank 7 file 3 */
    {-73, 85}, /* pst K rank 7 file 4 */
    {186, -87}, /* pst K rank 8 file 1 */
    {167, -42}, /* pst K rank 8 file 2 */
    {113, -5}, /* pst K rank 8 file 3 */
    {88, -1}, /* pst K rank 8 file 4 */
    {-29, 57}, /* mobility N 0 */
    {-1, 176}, /* mobility N 1 */
    {16, 203}, /* mobility N 2 */
    {24, 224}, /* mobility N 3 */
    {28, 245}, /* mobility N 4 */
    {30, 261}, /* mobility N 5 */
    {40, 262}, /* mobility N 6 */
    {41, 267}, /* mobility N 7 */
    {18, 261}, /* mobility N 8 */
    {-59, 199}, /* mobility B 0 */
    {-50, 279}, /* mobility B 1 */
    {-34, 301}, /* mobility B 2 */
    {-21, 333}, /* mobility B 3 */
    {-20, 345}, /* mobility B 4 */
    {-18, 356}, /* mobility B 5 */
    {-13, 361}, /* mobility B 6 */
    {-20, 366}, /* mobility B 7 */
    {-25, 362}, /* mobility B 8 */
    {-27, 359}, /* mobility B 9 */
    {-22, 366}, /* mobility B 10 */
    {-30, 357}, /* mobility B 11 */
    {-34, 359}, /* mobility B 12 */
    {-201, 332}, /* mobility B 13 */
    {-20, 41}, /* mobility R 0 */
    {1, 151}, /* mobility R 1 */
    {2, 184}, /* mobility R 2 */
    {16, 184}, /* mobility R 3 */
    {24, 184}, /* mobility R 4 */
    {32, 186}, /* mobility R 5 */
    {26, 212}, /* mobility R 6 */
    {44, 198}, /* mobility R 7 */
    {42, 209}, /* mobility R 8 */
    {46, 215}, /* mobility R 9 */
    {53, 217}, /* mobility R 10 */
    {41, 232}, /* mobility R 11 */
    {71, 220}, /* mobility R 12 */
    {71, 232}, /* mobility R 13 */
    {290, 93}, /* mobility R 14 */
    {240, 406}, /* mobility Q 0 */
    {256, 640}, /* mobility Q 1 */
    {262, 367}, /* mobility Q 2 */
    {275, 406}, /* mobility Q 3 */
    {271, 414}, /* mobility Q 4 */
    {280, 458}, /* mobility Q 5 */
    {281, 428}, /* mobility Q 6 */
    {277, 495}, /* mobility Q 7 */
    {285, 446}, /* mobility Q 8 */
    {285, 481}, /* mobility Q 9 */
    {287, 463}, /* mobility Q 10 */
    {282, 506}, /* mobility Q 11 */
    {275, 500}, /* mobility Q 12 */
    {280, 508}, /* mobility Q 13 */
    {275, 523}, /* mobility Q 14 */
    {280, 509}, /* mobility Q 15 */
    {263, 551}, /* mobility Q 16 */
    {265, 523}, /* mobility Q 17 */
    {274, 515}, /* mobility Q 18 */
    {257, 504}, /* mobility Q 19 */
    {375, 380}, /* mobility Q 20 */
    {313, 409}, /* mobility Q 21 */
    {371, 380}, /* mobility Q 22 */
    {467, 278}, /* mobility Q 23 */
    {523, 235}, /* mobility Q 24 */
    {905, -15}, /* mobility Q 25 */
    {465, 356}, /* mobility Q 26 */
    {329, 230}, /* mobility Q 27 */
    {0, 0}, /* passed rank 1 */
    {239, -7}, /* passed rank 2 */
    {-25, 70}, /* passed rank 3 */
    {5, 95}, /* passed rank 4 */
    {124, 75}, /* passed rank 5 */
    {322, 100}, /* passed rank 6 */
    {272, 191}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {-41, -23}, /* doubled */
    {-6, -26}, /* isolated */
    {13, 9}, /* phalanx */
    {29, 15}, /* supported */
    {51, 145}, /* bishop pair */
    {54, 6}, /* rook open file */
    {18, 35}, /* rook semi-open file */
    {-3, 9}, /* king shield */
    {2, -10}, /* king attack N */
    {33, -1}, /* king attack B */
    {13, -2}, /* king attack R */
    {8, 27}, /* king attack Q */
    {-74, -47}, /* king escapes 0 */
    {-70, 4}, /* king escapes 1 */
    {-72, 30}, /* king escapes 2 */
    {-74, 31}, /* king escapes 3 */
    {-74, 17}, /* king escapes 4 */
    {-75, 15}, /* king escapes 5 */
    {-78, 8}, /* king escapes 6 */
    {-92, 7}, /* king escapes 7 */
    {-51, -93}, /* king escapes 8 */
    EVAL_ROWS_LINKS /* QEC's link terms (R1, R2.3) */
    {87, 62}, /* free pawn */
    {-128, -13}, /* free-piece ratio */
    {33, 17}, /* tempo */
    {80, 65}, /* threat by pawn */
    {24, 28}, /* threat by pawn push */
    {40, 44}, /* minor attacked by minor */
    {26, 32}, /* minor attacked by major */
    {101, 13}, /* rook attacked by minor */
    {51, 35}, /* queen attacked */
    {4, 40}, /* hanging piece */
    {16, 61}, /* weak pawn attacked */
    {52, 1}, /* safe check N */
    {12, 63}, /* safe check B */
    {119, -28}, /* safe check R */
    {21, 24}, /* safe check Q */
    {2, 2}, /* weak king ring */
    {-10, 14}, /* king danger 1 */
    {-6, 26}, /* king danger 2 */
    {19, 54}, /* king danger 3 */
    {117, 21}, /* king danger 4 */
    {178, 9}, /* king danger 5 */
    {389, -180}, /* king danger 6 */
    {309, -79}, /* king danger 7 */
    {207, -13}, /* king danger 8 */
    {102, 23}, /* king danger 9 */
    {-134, 252}, /* king danger 10 */
    {0, 0}, /* passer safe stop rank 1 */
    {-34, 22}, /* passer safe stop rank 2 */
    {-16, -2}, /* passer safe stop rank 3 */
    {-7, 12}, /* passer safe stop rank 4 */
    {23, 24}, /* passer safe stop rank 5 */
    {40, 26}, /* passer safe stop rank 6 */
    {96, 81}, /* passer safe stop rank 7 */
    {0, 0}, /* passer safe stop rank 8 */
    {0, 0}, /* passer free path rank 1 */
    {-309, 128}, /* passer free path rank 2 */
    {-52, 49}, /* passer free path rank 3 */
    {-75, 55}, /* passer free path rank 4 */
    {-93, 63}, /* passer free path rank 5 */
    {-10, 58}, /* passer free path rank 6 */
    {96, 81}, /* passer free path rank 7 */
    {0, 0}, /* passer free path rank 8 */
    {0, 0}, /* passer own king distance rank 1 */
    {5, -9}, /* passer own king distance rank 2 */
    {-7, -9}, /* passer own king distance rank 3 */
    {-25, -17}, /* passer own king distance rank 4 */
    {-30, -19}, /* passer own king distance rank 5 */
    {-44, -20}, /* passer own king distance rank 6 */
    {-42, -22}, /* passer own king distance rank 7 */
    {0, 0}, /* passer own king distance rank 8 */
    {0, 0}, /* passer enemy king distance rank 1 */
    {-53, 11}, /* passer enemy king distance rank 2 */
    {-5, 1}, /* passer enemy king distance rank 3 */
    {20, 7}, /* passer enemy king distance rank 4 */
    {7, 32}, /* passer enemy king distance rank 5 */
    {-7, 55}, /* passer enemy king distance rank 6 */
    {-5, 44}, /* passer enemy king distance rank 7 */
    {0, 0}, /* passer enemy king distance rank 8 */
    {26, 17}, /* passer protected */
    {-46, 71}, /* rook on 7th */
    {37, 7}, /* outpost N */
    {67, 2}, /* outpost B */
    {13, -14}, /* space */
    {-6, -17}, /* backward pawn */
    {-31, -9}, /* shelter rank 0 */
    {38, -30}, /* shelter rank 1 */
    {17, -20}, /* shelter rank 2 */
    {15, -11}, /* shelter rank 3 */
    {7, -7}, /* shelter rank 4 */
    {35, 12}, /* shelter rank 5 */
    {-147, 86}, /* shelter rank 6 */
    {0, 0}, /* shelter rank 7 */
    {-17, -24}, /* storm rank 0 */
    {161, 206}, /* storm rank 1 */
    {-60, 72}, /* storm rank 2 */
    {-27, -3}, /* storm rank 3 */
    {-13, -6}, /* storm rank 4 */
    {7, -25}, /* storm rank 5 */
    {-8, -19}, /* storm rank 6 */
    {0, 0}, /* storm rank 7 */
    {0, -46}, /* storm blocked */
    {-3, 4}, /* bad bishop */
    {15, 19}, /* minor behind pawn */
    {9, 20}, /* knight x pawns */
    {-17, 22}, /* rook x pawns */
    {14, -117}, /* trapped rook */
    {16, 27}, /* rook behind passer */
};

/* QEC's evaluation weights {middlegame, endgame}, indexed by the T_* terms of eval.h: every block
 * of eval/weights_qec.h, in term order. The rows and how they were tuned are there (tools/texel.c
 * writes that header; the tether and chess tables name its blocks where they share them). */
#include "eval.h"
#include "weights_qec.h"

const int16_t EVAL_WEIGHTS[EVAL_NTERMS][2] = {EVAL_ROWS_QEC};

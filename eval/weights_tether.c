/* Tether evaluation weights {middlegame, endgame}, indexed by the T_* terms of eval.h and the
 * T_TETHER_* terms after them. Started from the QEC weights (eval/weights_qec.h) for the classical
 * terms and hand-set tether terms; then tuned by tools/texel.c --variant tether (400
 * epochs, no regularisation, whole games held out with --block 100, --freeze 5-262 --freeze
 * 292-302: material, passed pawns, pawn structure, bishop pair, rooks on files, king shield,
 * king attacks, king escapes, tempo and the five tether terms free; piece-square tables,
 * mobility and the QEC link terms kept) on 24,923 positions of 849 tether self-play games
 * (4,000 nodes per decision, book/openings-tether.epd + 2 random decisions): K = 0.361,
 * error 0.1034 -> 0.0859, held out 0.1301 -> 0.1193. Against the hand-set weights: +74.1 +-
 * 49.4 Elo, LOS 99.9% (200 games, 8,000 nodes). Tempo ended at QEC's value, so like the kept
 * groups it names QEC's block. See docs/dev/tether.md, "How the weights are tuned", and
 * docs/results/tether.md. */
#include "tether.h"
#include "weights_qec.h"

const int16_t TETHER_WEIGHTS[TETHER_NTERMS][2] = {
    {344, 62}, {587, 180}, {951, -102}, {854, 520}, {1728, 483}, /* material P N B R Q */
    EVAL_ROWS_PST /* QEC's piece-square tables */
    EVAL_ROWS_MOBILITY /* QEC's mobility */
    {0, 0}, {-27, -39}, {267, -224}, {175, -137}, {-33, -289}, {163, 37}, {-1, 171}, {0, 0}, /* passed rank 1-8 */
    {144, -137}, /* doubled */
    {-51, 73}, /* isolated */
    {-8, 46}, /* phalanx */
    {-41, 121}, /* supported */
    {-75, -69}, /* bishop pair */
    {177, -265}, /* rook open file */
    {63, 0}, /* rook semi-open file */
    {115, -43}, /* king shield */
    {167, -71}, {-31, 87}, {-1, 43}, {53, 81}, /* king attack N B R Q */
    {138, -552}, {123, -11}, {199, -166}, {213, -100}, {81, 37}, {33, 6}, {-109, 169}, {-330, 351}, {151, 229}, /* king escapes 0-8 */
    EVAL_ROWS_LINKS /* QEC's link terms (R1, R2.3) */
    EVAL_ROWS_UNLINKED /* QEC's unlinked pawns and officers */
    EVAL_ROWS_TEMPO /* QEC's tempo */
    {15, -18}, /* tether mobility */
    {5, 38}, /* tether rank kinds */
    {82, 315}, /* tether apex */
    {-18, 78}, /* tether apex next */
    {-38, 143}, /* tether king exposure */
};

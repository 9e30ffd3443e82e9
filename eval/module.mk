# The classical-chess network is compiled into nnue.o (.incbin): a new net rebuilds it.
$(BUILD)/eval/nnue.o: eval/chess.nnue

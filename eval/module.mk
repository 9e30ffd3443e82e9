# The networks are compiled in (.incbin): chess's into nnue.o, QEC's and tether's into
# nnue_links.o; a new net rebuilds its object.
$(BUILD)/eval/nnue.o: eval/chess.nnue
$(BUILD)/eval/nnue_links.o: eval/qec.nnue eval/tether.nnue

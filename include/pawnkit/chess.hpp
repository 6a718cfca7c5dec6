// Everything for playing chess on top of the pawn core: Position, FEN/EPD, attacks,
// legal move generation, perft, and UCI/SAN notation.
#pragma once

#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/divide.hpp>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/chess/move.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/perft.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/chess/position.hpp>

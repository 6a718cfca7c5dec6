// pawnkit.bb: the core's set-wise patterns over numpy uint64 arrays (LERF: bit 0 = a1,
// bit 63 = h8), element by element in C++, with numpy broadcasting.
#include <pybind11/numpy.h>

#include <pawnkit/pawns/moves.hpp>
#include <pawnkit/pawns/patterns.hpp>

#include <bit>
#include <string>

#include "bindings.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

using Array = py::array_t<std::uint64_t, py::array::forcecast>;

Color parse_color(const std::string& color) {
  if (color == "white") return White;
  if (color == "black") return Black;
  throw py::value_error("color must be 'white' or 'black', not '" + color + "'");
}

// f(own) for every element.
template <Bitboard (*F)(Bitboard)>
void def_own(py::module_& bb, const char* name, const char* doc) {
  bb.def(
      name,
      [](const Array& own) {
        return py::vectorize([](std::uint64_t b) -> std::uint64_t { return F(b); })(own);
      },
      py::arg("own"), doc);
}

// f<colour>(own) for every element.
template <Bitboard (*W)(Bitboard), Bitboard (*B)(Bitboard)>
void def_own_color(py::module_& bb, const char* name, const char* doc) {
  bb.def(
      name,
      [](const Array& own, const std::string& color) {
        if (parse_color(color) == White)
          return py::vectorize([](std::uint64_t b) -> std::uint64_t { return W(b); })(own);
        return py::vectorize([](std::uint64_t b) -> std::uint64_t { return B(b); })(own);
      },
      py::arg("own"), py::arg("color"), doc);
}

// f<colour>(own, enemy) for every pair of elements.
template <Bitboard (*W)(Bitboard, Bitboard), Bitboard (*B)(Bitboard, Bitboard)>
void def_own_enemy_color(py::module_& bb, const char* name, const char* doc,
                         const char* own = "own", const char* enemy = "enemy") {
  bb.def(
      name,
      [](const Array& own, const Array& enemy, const std::string& color) {
        if (parse_color(color) == White)
          return py::vectorize([](std::uint64_t o, std::uint64_t e) -> std::uint64_t {
            return W(o, e);
          })(own, enemy);
        return py::vectorize(
            [](std::uint64_t o, std::uint64_t e) -> std::uint64_t { return B(o, e); })(own, enemy);
      },
      py::arg(own), py::arg(enemy), py::arg("color"), doc);
}

// f<colour>(pawns, occupied, enemy_pieces) for every triple of elements.
template <Bitboard (*W)(Bitboard, Bitboard, Bitboard), Bitboard (*B)(Bitboard, Bitboard, Bitboard)>
void def_three_color(py::module_& bb, const char* name, const char* a, const char* b, const char* c,
                     const char* doc) {
  bb.def(
      name,
      [](const Array& x, const Array& y, const Array& z, const std::string& color) {
        if (parse_color(color) == White)
          return py::vectorize([](std::uint64_t p, std::uint64_t o,
                                  std::uint64_t e) -> std::uint64_t { return W(p, o, e); })(x, y,
                                                                                            z);
        return py::vectorize([](std::uint64_t p, std::uint64_t o,
                                std::uint64_t e) -> std::uint64_t { return B(p, o, e); })(x, y, z);
      },
      py::arg(a), py::arg(b), py::arg(c), py::arg("color"), doc);
}

}  // namespace

void bind_bitboards(py::module_& m) {
  py::module_ bb =
      m.def_submodule("bb", "Set-wise pawn patterns on numpy uint64 bitboards (LERF).");
  def_own<isolated>(bb, "isolated", "Pawns with no own pawn on either neighbouring file.");
  def_own<half_isolated>(bb, "half_isolated",
                         "Pawns with an own pawn on exactly one neighbouring file.");
  def_own<phalanx>(bb, "phalanx", "Pawns with an own pawn beside them on the same rank.");
  def_own<duo>(bb, "duo", "Pawns of a group of exactly two side by side.");
  def_own<trio>(bb, "trio", "Pawns of a group of exactly three side by side.");
  def_own<quart>(bb, "quart", "Pawns of a group of four side by side.");
  def_own_color<behind_own<White>, behind_own<Black>>(
      bb, "behind_own", "Pawns with an own pawn ahead on their file.");
  def_own_color<in_front_of_own<White>, in_front_of_own<Black>>(
      bb, "in_front_of_own", "Pawns with an own pawn behind on their file.");
  def_own_color<doubled<White>, doubled<Black>>(bb, "doubled",
                                                "Pawns on a file with two or more own pawns.");
  def_own_color<tripled<White>, tripled<Black>>(bb, "tripled",
                                                "Pawns on a file with three or more own pawns.");
  def_own_color<defended<White>, defended<Black>>(bb, "defended", "Pawns defended by an own pawn.");
  def_own_color<pawn_attacks<White>, pawn_attacks<Black>>(bb, "attacks",
                                                          "Squares the pawns attack.");
  def_own_enemy_color<open_pawns<White>, open_pawns<Black>>(
      bb, "open", "Pawns with no enemy pawn ahead on their file.");
  def_own_enemy_color<hanging<White>, hanging<Black>>(bb, "hanging",
                                                      "Open, half-isolated duo pawns.");
  def_own_enemy_color<passed<White>, passed<Black>>(bb, "passed", "Passed pawns.");
  def_own_enemy_color<backward<White>, backward<Black>>(bb, "backward", "Backward pawns.");
  def_own_enemy_color<rams<White>, rams<Black>>(bb, "rams",
                                                "Pawns blocked by an enemy pawn straight ahead.");
  def_own_enemy_color<levers<White>, levers<Black>>(bb, "levers",
                                                    "Pawns that attack an enemy pawn.");
  def_own_color<connected<White>, connected<Black>>(
      bb, "connected", "Pawns defended by an own pawn or with one beside them.");
  def_own_color<chain_bases<White>, chain_bases<Black>>(
      bb, "chain_bases", "Pawns that defend an own pawn and are not defended themselves.");
  def_own_color<holes<White>, holes<Black>>(
      bb, "holes", "Squares of relative ranks 3 and 4 no own pawn can ever attack.");
  def_own_enemy_color<candidates<White>, candidates<Black>>(
      bb, "candidates", "Open pawns, not passed, with at least as many helpers as sentries.");
  def_own_enemy_color<outposts<White>, outposts<Black>>(
      bb, "outposts",
      "Squares of relative ranks 4 to 6 an own pawn attacks and no enemy pawn can.");
  def_own_enemy_color<single_pushes<White>, single_pushes<Black>>(
      bb, "single_pushes", "Empty squares directly in front of the pawns.", "pawns", "occupied");
  def_own_enemy_color<double_pushes<White>, double_pushes<Black>>(
      bb, "double_pushes", "Fourth-rank targets of two-square pushes.", "pawns", "occupied");
  def_own_enemy_color<pawn_captures<White>, pawn_captures<Black>>(
      bb, "captures", "Enemy pieces the pawns attack.", "pawns", "enemy_pieces");
  def_three_color<promotions<White>, promotions<Black>>(
      bb, "promotions", "pawns", "occupied", "enemy_pieces",
      "Push and capture targets on the last rank.");
  bb.def(
      "popcount",
      [](const Array& b) {
        return py::vectorize(
            [](std::uint64_t x) -> std::uint8_t { return std::uint8_t(std::popcount(x)); })(b);
      },
      py::arg("b"), "The number of squares in each bitboard (uint8).");
  bb.def(
      "islands",
      [](const Array& own) {
        return py::vectorize([](std::uint64_t b) -> std::uint8_t {
          return std::uint8_t(island_count(file_set(b)));
        })(own);
      },
      py::arg("own"), "The number of pawn islands (0..4).");
}

}  // namespace pawnkit::python

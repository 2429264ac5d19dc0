#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "open_spiel/algorithms/minimax.h"
#include "open_spiel/games/checkers/checkers.h"
#include "open_spiel/spiel.h"

using open_spiel::State;
using open_spiel::checkers::CellState;
using open_spiel::checkers::CheckersState;

static double CpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  // argv[1]: depth (default 14); argv[2]: use_undo (default 0). OpenSpiel's
  // CheckersState::UndoAction does not restore multiple_jump_piece_ /
  // moves_without_capture_, so use_undo=1 is unsound (crashes at depth 14).
  int depth = argc > 1 ? std::atoi(argv[1]) : 14;
  bool use_undo = argc > 2 ? std::atoi(argv[2]) != 0 : false;
  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame("checkers");
  std::unique_ptr<State> state = game->NewInitialState();
  const open_spiel::Player max_player = state->CurrentPlayer();

  long long evaluations = 0;
  auto value_function = [&evaluations, max_player](const State& s) -> double {
    ++evaluations;
    const auto& cs = static_cast<const CheckersState&>(s);
    const int rows = cs.GetRow(), cols = cs.GetCollumn();
    double white = 0, black = 0;  // player 0 = white, player 1 = black
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        switch (cs.BoardAt(r, c)) {
          case CellState::kWhite: white += 1.0; break;
          case CellState::kWhiteKing: white += 1.5; break;
          case CellState::kBlack: black += 1.0; break;
          case CellState::kBlackKing: black += 1.5; break;
          default: break;
        }
      }
    }
    return max_player == 0 ? white - black : black - white;
  };

  double t0 = CpuSeconds();
  std::pair<double, open_spiel::Action> result =
      open_spiel::algorithms::AlphaBetaSearch(*game, state.get(),
                                              value_function, depth,
                                              max_player, use_undo);
  double t1 = CpuSeconds();

  std::printf("depth: %d\n", depth);
  std::printf("use_undo: %d\n", use_undo ? 1 : 0);
  std::printf("maximizing player: %d\n", max_player);
  std::printf("best action: %s (id %lld)\n",
              state->ActionToString(max_player, result.second).c_str(),
              static_cast<long long>(result.second));
  std::printf("value: %g\n", result.first);
  std::printf("evaluations: %lld\n", evaluations);
  std::printf("cpu seconds: %.3f\n", t1 - t0);
  return 0;
}

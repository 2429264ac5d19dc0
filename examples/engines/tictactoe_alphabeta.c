/* A tic-tac-toe engine for adversa's line protocol, in C: full-depth alpha-beta.
 *
 * Build: cc -O2 -o tictactoe_alphabeta tictactoe_alphabeta.c
 * Play:  adversa tournament tictactoe --engine 'external:./tictactoe_alphabeta' ...
 *
 * The position arrives as three rows top to bottom ("X.O/.X./..."), the moves since
 * as cells ("b2"): file letter a-c, rank 1-3 from the bottom. It keeps no state
 * between moves: every "go" searches the position it was just sent.
 */
#include <stdio.h>
#include <string.h>

static char board[9];   /* row 0 is the top rank (3), as in the position text */
static const int lines[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

static char winner(void) {
    for (int i = 0; i < 8; i++) {
        char c = board[lines[i][0]];
        if (c != '.' && c == board[lines[i][1]] && c == board[lines[i][2]]) return c;
    }
    return 0;
}

static char to_move(void) {
    int xs = 0, os = 0;
    for (int i = 0; i < 9; i++) { xs += board[i] == 'X'; os += board[i] == 'O'; }
    return xs == os ? 'X' : 'O';
}

/* Value for the side to move: +10 - plies for a win (quicker is better), 0 a draw. */
static int alphabeta(int alpha, int beta, int ply) {
    char me = to_move(), w = winner();
    if (w) return w == me ? 10 - ply : ply - 10;
    int moved = 0;
    for (int i = 0; i < 9 && alpha < beta; i++) {
        if (board[i] != '.') continue;
        moved = 1;
        board[i] = me;
        int value = -alphabeta(-beta, -alpha, ply + 1);
        board[i] = '.';
        if (value > alpha) alpha = value;
    }
    return moved ? alpha : 0;
}

static int cell(const char *text) { return (3 - (text[1] - '0')) * 3 + (text[0] - 'a'); }

int main(void) {
    char line[4096];
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strncmp(line, "protocol", 8)) {
            printf("name alpha-beta in C\nauthor adversa examples\nready\n");
        } else if (!strncmp(line, "position ", 9)) {
            for (int i = 0, j = 9; i < 9 && line[j]; j++)
                if (line[j] != '/') board[i++] = line[j] == 'X' || line[j] == 'O' ? line[j] : '.';
        } else if (!strncmp(line, "moves", 5)) {
            char me;
            for (char *word = strtok(line + 5, " "); word; word = strtok(NULL, " ")) {
                me = to_move();
                board[cell(word)] = me;
            }
        } else if (!strncmp(line, "go", 2)) {
            int best = -1, best_value = -100;
            char me = to_move();
            for (int i = 0; i < 9; i++) {
                if (board[i] != '.') continue;
                board[i] = me;
                int value = -alphabeta(-100, 100, 1);
                board[i] = '.';
                if (value > best_value) { best_value = value; best = i; }
            }
            printf("info value %d\nmove %c%d\n", best_value, 'a' + best % 3, 3 - best / 3);
        } else if (!strncmp(line, "quit", 4)) {
            break;
        }
    }
    return 0;
}

/// Whether the terminal re-wraps its rows when the window is resized (tmux, VTE, kitty,
/// iTerm2) or keeps each on its row, cut or padded (xterm, the Linux console): learned from
/// the terminal itself where it can be, since the environment that tells xterm
/// (`XTERM_VERSION`) does not cross ssh.
///
/// After a resize the two kinds leave the cursor in different places when the line wraps: a
/// terminal that re-wraps moves it with the text, one that does not keeps its column (cut to
/// the new width). When the two places differ, the terminal is asked where its cursor is
/// (ESC [ 6 n, as `resize(1)` asks) and the answer settles it for the rest of the session. When
/// they do not differ, or the terminal does not answer in time (it is then not asked again),
/// the environment's guess stands.
struct RewrapTest {
    /// What the environment suggests, until the terminal has told.
    var guess: Bool
    /// Whether the terminal may be asked: not inside tmux or screen (whose own re-wrapping the
    /// environment tells), not a dumb terminal, and not again once it did not answer.
    var mayAsk: Bool
    /// Whether the terminal may be asked where its cursor is after a resize, to find the rows of
    /// the line a re-wrapping terminal pushed above the screen's top: any terminal but a dumb
    /// one, tmux and screen too, until one did not answer.
    var mayAskPlace: Bool
    /// What the terminal showed, once a resize told the two kinds apart.
    private(set) var learned: Bool?

    /// How long to wait for the terminal's answer, in milliseconds: long enough for one through
    /// ssh; keys typed meanwhile are kept.
    static let answerWait: Int32 = 1000

    /// A test that starts from `guess` and asks the terminal when `mayAsk`.
    init(guess: Bool, mayAsk: Bool, mayAskPlace: Bool? = nil) {
        self.guess = guess
        self.mayAsk = mayAsk
        self.mayAskPlace = mayAskPlace ?? mayAsk
    }

    /// What the environment says: every terminal re-wraps but xterm (which sets XTERM_VERSION)
    /// and the Linux console (TERM=linux), unless tmux or screen, which re-wrap, run inside
    /// them; and whether the terminal may be asked (not inside tmux or screen, nor TERM=dumb).
    init(environment: [String: String]) {
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil
        let term = environment["TERM"] ?? ""
        let answers = !term.isEmpty && term != "dumb"
        self.init(
            guess: multiplexed || (environment["XTERM_VERSION"] == nil && term != "linux"),
            mayAsk: !multiplexed && answers, mayAskPlace: answers)
    }

    /// Whether the terminal re-wrapped a drawing laid out as `old` now that the window is
    /// `width` columns wide, where `rewrapped` is the same drawing laid out at `width`. `ask`
    /// asks the terminal for its cursor's 0-based column (`nil`: no answer).
    mutating func rewraps(old: LineLayout, rewrapped: LineLayout, width: Int, ask: () -> Int?) -> Bool {
        if let learned { return learned }
        // The first row is as far above the cursor either way: nothing to tell apart.
        guard rewrapped.cursor.row != old.cursor.row else { return guess }
        let kept = min(old.cursor.column, max(width - 1, 0))
        guard mayAsk, rewrapped.cursor.column != kept else { return guess }
        guard let column = ask() else {
            mayAsk = false
            mayAskPlace = false
            return guess
        }
        if column == rewrapped.cursor.column {
            learned = true
        } else if column == kept {
            learned = false
        }
        return learned ?? guess
    }
}

//! The terminal's languages, through the real binary: the referee (and
//! its statistics), `kubb replay`, `kubb simulate`, `gt play`,
//! `gt replay`, the refusals of files that cannot be read and the endgame
//! tables' words speak Dutch or German when `--lang` or the environment
//! (`LC_ALL`, then `LC_MESSAGES`, then `LANG`) asks for it, and machine
//! output (records, notation, JSON, CSV, the engine protocol) is the same
//! bytes in every language.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

/// How a run asks for its language.
#[derive(Clone, Copy, Debug)]
enum Asking {
    /// No flag, and an environment that names no language the project
    /// speaks.
    Nothing,
    Flag(&'static str),
    Lang(&'static str),
    /// `LC_ALL` over `LANG`.
    LcAllOverLang(&'static str, &'static str),
    /// `--lang` over `LC_ALL`.
    FlagOverLcAll(&'static str, &'static str),
}

/// `towers ARGS` with `input` on stdin and the language asked for as
/// `asking` says; its standard output.
fn towers(args: &[&str], asking: Asking, input: &str) -> String {
    let mut command = Command::new(TOWERS);
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    match asking {
        Asking::Nothing => {}
        Asking::Flag(lang) => {
            command.args(["--lang", lang]);
        }
        Asking::Lang(locale) => {
            command.env("LANG", locale);
        }
        Asking::LcAllOverLang(lc_all, lang) => {
            command.env("LC_ALL", lc_all).env("LANG", lang);
        }
        Asking::FlagOverLcAll(lang, lc_all) => {
            command.args(["--lang", lang]).env("LC_ALL", lc_all);
        }
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("towers starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().expect("towers ends");
    assert!(
        output.status.success(),
        "towers {args:?} ({asking:?}) failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A record file of this process named after `what`, not there yet.
fn new_record(what: &str) -> PathBuf {
    let file = std::env::temp_dir().join(format!(
        "towers-languages-{what}-{}.jsonl",
        std::process::id()
    ));
    std::fs::remove_file(&file).ok();
    file
}

/// A game of the seed rules to its end: a lag the rules refuse (a tie),
/// then Vikings fell all five towers and the king in their first turn,
/// and the referee confirms; then the record is exported and an entry
/// the referee cannot read is typed.
const A_GAME: &str = "lag 1 1\nstart a\n5b\nk\ny\nexport\nblah\nquit\n";

/// The referee on a new record under `asking`: what it said, and the
/// record it wrote.
fn referee(what: &str, words: &str, asking: Asking) -> (String, String) {
    let file = new_record(what);
    let path = file.to_str().unwrap();
    let said = towers(
        &[
            "kubb",
            "referee",
            "--ruleset",
            "seed",
            "--words",
            words,
            "--team-a",
            "Vikings:ann",
            "--team-b",
            "Danes:bob",
            path,
        ],
        asking,
        A_GAME,
    );
    let record = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).ok();
    (said, record)
}

/// The lines of the referee's `export`: the notation, which starts with
/// its `#` header after the prompt and ends at the blank line before the
/// field is shown again.
fn exported(said: &str) -> String {
    let start = said.find("> # ").expect("the export's header") + 2;
    let end = start
        + said[start..]
            .find("\n\n")
            .expect("the field after the export")
        + 1;
    said[start..end].to_string()
}

#[test]
fn the_referee_speaks_dutch_when_asked_by_flag_or_by_lang() {
    for asking in [Asking::Flag("nl"), Asking::Lang("nl_NL.UTF-8")] {
        let (said, _) = referee("dutch", "seed", asking);
        for dutch in [
            "Scheidsrechter Koning & Torens (regels seed",
            "opdrachten (hoofd- of kleine letters):",
            "beurt 1 van team A: het team gooit zijn werpsticks; nog 6 werpsticks",
            "team B: 5 Torens; vak: 0 Ridders staan, 0 liggen; werplijn: basislijn",
            "Hiermee eindigt het spel: team A (Vikings) wint (team A gooide de Koning om). Vastleggen? [j/N]",
            "partij voorbij: Vikings (team A) wint de partij, 1-0 in spellen",
            "'blah' is hier geen invoer; de partij is voorbij: stats, export of quit; typ help",
        ] {
            assert!(said.contains(dutch), "{asking:?}: no {dutch:?} in\n{said}");
        }
        // The rules' refusal of the tied lag, from the refusals' catalog.
        assert!(said.contains("> niet aangenomen: "), "{asking:?}: {said}");
        for english in [
            "turn 1 of team",
            "this ends the game",
            "not an entry",
            "equally close",
        ] {
            assert!(
                !said.contains(english),
                "{asking:?}: {english:?} in\n{said}"
            );
        }
    }
}

#[test]
fn the_referee_speaks_the_clubs_words_in_dutch() {
    let (said, _) = referee("dutch-club", "club", Asking::Flag("nl"));
    for dutch in [
        "een werpstok: - of miss, f / 3f (veldkubbs), b / 2b (basiskubbs)",
        "nog 6 werpstokken",
        "team B: 5 basiskubbs; helft: 0 veldkubbs staan",
    ] {
        assert!(said.contains(dutch), "no {dutch:?} in\n{said}");
    }
}

#[test]
fn lc_all_overrides_lang_and_the_flag_overrides_both() {
    let (said, _) = referee(
        "german",
        "seed",
        Asking::LcAllOverLang("de_DE.UTF-8", "nl_NL.UTF-8"),
    );
    for german in [
        "Schiedsrichter für Koning & Torens (Regeln seed",
        "Zug 1 von Team A: das Team wirft seine Wurfhölzer; noch 6 Wurfhölzer",
        "Damit endet der Satz: Team A (Vikings) gewinnt (Team A hat den König umgeworfen). Aufzeichnen? [j/N]",
        "Match vorbei: Vikings (Team A) gewinnt das Match, 1:0 Sätze",
    ] {
        assert!(said.contains(german), "no {german:?} in\n{said}");
    }
    assert!(!said.contains("beurt"), "Dutch in\n{said}");

    let (english, _) = referee("english", "seed", Asking::Nothing);
    let (flagged, _) = referee(
        "english",
        "seed",
        Asking::FlagOverLcAll("en", "de_DE.UTF-8"),
    );
    assert_eq!(flagged, english);
    for words in [
        "Koning & Torens referee (seed rules",
        "turn 1 of team A: the thrower is throwing sticks; 6 stick(s) left",
        "match over: Vikings (team A) win the match, 1-0 in games",
        "not accepted: the starting throws are equally close to the king: throw again",
    ] {
        assert!(english.contains(words), "no {words:?} in\n{english}");
    }
}

#[test]
fn a_language_the_project_does_not_speak_is_refused_on_the_command_line() {
    let output = Command::new(TOWERS)
        .args(["kubb", "referee", "--lang", "fr", "record.jsonl"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("unknown language 'fr': choose en, de or nl"),
        "{error}"
    );
}

#[test]
fn gt_play_speaks_german_and_dutch() {
    // `hint`, a move the game refuses (Blue's stone, Red to move) and
    // `quit`: the engine never moves, so the run is the same every time.
    let input = "help\nhint\nA1-A2-1\nquit\n";
    let args = ["gt", "play", "--movetime", "20"];
    let german = towers(&args, Asking::Flag("de"), input);
    for words in [
        "Wächter & Türme: Du spielst Rot",
        "Rot am Zug",
        "Dein Zug (Rot):",
        "Tipp: ",
        "; tippe moves, um die erlaubten Züge zu sehen",
    ] {
        assert!(german.contains(words), "no {words:?} in\n{german}");
    }
    assert!(!german.contains("not a legal move"), "{german}");
    let dutch = towers(&args, Asking::Lang("nl_BE.UTF-8"), input);
    for words in [
        "je speelt rood",
        "Rood aan zet",
        "Jouw zet (rood):",
        "Tip: ",
    ] {
        assert!(dutch.contains(words), "no {words:?} in\n{dutch}");
    }
    let shown = towers(&["gt", "show"], Asking::Flag("nl"), "");
    assert!(shown.ends_with("\nRood aan zet\n"), "{shown}");
    let english = towers(&args, Asking::Nothing, input);
    for words in [
        "Guard & Towers: you play red against the engine at level 5.",
        "Red to move",
        "Your move (red): ",
        "Hint: ",
        "A1-A2-1 is not a legal move here; type 'moves' to list the legal ones",
    ] {
        assert!(english.contains(words), "no {words:?} in\n{english}");
    }
}

/// Every way of asking for a language other than English.
const OTHER_LANGUAGES: [Asking; 4] = [
    Asking::Flag("de"),
    Asking::Flag("nl"),
    Asking::Lang("nl_NL.UTF-8"),
    Asking::LcAllOverLang("de_DE.UTF-8", "en_GB.UTF-8"),
];

#[test]
fn records_and_notation_are_the_same_bytes_in_every_language() {
    for words in ["seed", "club"] {
        let (english, english_record) = referee("record", words, Asking::Nothing);
        let english_notation = exported(&english);
        assert!(english_notation.starts_with("# "), "{english_notation}");
        for asking in OTHER_LANGUAGES {
            let (said, record) = referee("record", words, asking);
            assert_ne!(said, english, "{asking:?} speaks English");
            assert_eq!(record, english_record, "{asking:?}: the record");
            assert_eq!(
                exported(&said),
                english_notation,
                "{asking:?}: the notation"
            );
        }
    }
}

#[test]
fn json_csv_moves_and_the_engine_protocol_are_the_same_bytes_in_every_language() {
    let (_, record) = referee("stats", "seed", Asking::Nothing);
    let file = new_record("stats");
    std::fs::write(&file, record).unwrap();
    let path = file.to_str().unwrap();
    let start = "r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r";
    let runs: [(&[&str], &str); 5] = [
        (&["kubb", "stats", "--csv", path], ""),
        (&["kubb", "stats", "--json", path], ""),
        (&["gt", "moves", start], ""),
        (&["gt", "perft", "2", "--divide"], ""),
        (&["gt", "engine"], "uci\nisready\nquit\n"),
    ];
    for (args, input) in runs {
        let english = towers(args, Asking::Nothing, input);
        assert!(!english.is_empty(), "{args:?} printed nothing");
        for asking in OTHER_LANGUAGES {
            assert_eq!(
                towers(args, asking, input),
                english,
                "{args:?} under {asking:?}"
            );
        }
    }
    std::fs::remove_file(Path::new(path)).ok();
}

#[test]
fn advise_speaks_dutch_around_the_simulators_decisions() {
    let file = new_record("advise");
    let path = file.to_str().unwrap();
    let teams = ["--team-a", "Vikings:ann", "--team-b", "Danes:bob"];
    let mut args = vec!["kubb", "referee", "--ruleset", "seed"];
    args.extend(teams);
    args.push(path);
    towers(&args, Asking::Nothing, "start a\n-\nquit\n");
    let advise = ["kubb", "advise", "--playouts", "2", "--seed", "7", path];
    let dutch = towers(&advise, Asking::Flag("nl"), "");
    assert!(dutch.starts_with("winkans: A (Vikings) "), "{dutch}");
    assert!(
        dutch.contains("team A beslist; de mogelijkheden naar zijn winkans:"),
        "{dutch}"
    );
    assert!(dutch.contains("\nadvies: "), "{dutch}");
    let english = towers(&advise, Asking::Nothing, "");
    assert!(
        english.starts_with("win probability: A (Vikings) "),
        "{english}"
    );
    std::fs::remove_file(&file).ok();
}

/// The statistics' headings and scopes in English, as they have always
/// been (scripts and the tests of `kubb stats` read them).
const ENGLISH_HEADINGS: &str =
    "       team name           sticks  hit% baseline%  advance%   1BE king% inkast-in  eff%\n";

#[test]
fn the_referees_statistics_table_speaks_german_and_dutch() {
    let (german, _) = referee("stats-german", "seed", Asking::Flag("de"));
    for words in [
        "Würfe",
        "Treffer%",
        "Grundlinie%",
        "König%",
        "\nSpieler A    ann ",
    ] {
        assert!(german.contains(words), "no {words:?} in\n{german}");
    }
    let (dutch, _) = referee("stats-dutch", "club", Asking::Lang("nl_NL.UTF-8"));
    for words in [
        "worpen",
        "raak%",
        "basislijn%",
        "koning%",
        "\nspeler A    ann ",
    ] {
        assert!(dutch.contains(words), "no {words:?} in\n{dutch}");
    }
    for said in [&german, &dutch] {
        assert!(!said.contains("baseline%"), "English in\n{said}");
    }
    let (english, _) = referee("stats-english", "seed", Asking::Nothing);
    assert!(english.contains(ENGLISH_HEADINGS), "{english}");
    assert!(english.contains("\nplayer A    ann "), "{english}");
}

#[test]
fn replay_and_stats_speak_german_and_dutch_about_a_record() {
    let (_, record) = referee("replay", "seed", Asking::Nothing);
    let file = new_record("replay");
    std::fs::write(&file, record).unwrap();
    let path = file.to_str().unwrap();
    let replay = ["kubb", "replay", path];
    let german = towers(&replay, Asking::Flag("de"), "");
    for words in [
        "Satz vorbei: Team A hat gewonnen (Team A hat den König umgeworfen)",
        "Team B ist Danes (bob)",
        "König: liegt",
        "\nErgebnis: Vikings (Team A) gewinnt\n",
    ] {
        assert!(german.contains(words), "no {words:?} in\n{german}");
    }
    let dutch = towers(
        &replay,
        Asking::LcAllOverLang("nl_BE.UTF-8", "de_DE.UTF-8"),
        "",
    );
    for words in [
        "spel voorbij: team A heeft gewonnen (team A gooide de Koning om)",
        "team B: 0 Torens; vak: 0 Ridders staan, 5 liggen",
        "\nuitslag: Vikings (team A) wint\n",
    ] {
        assert!(dutch.contains(words), "no {words:?} in\n{dutch}");
    }
    let english = towers(&replay, Asking::Nothing, "");
    assert_eq!(
        english,
        "ruleset seed, opening 6-6-6, games won A 1 B 0\n\
         game over: team A won (team A knocked the king over)\n\
         team A is Vikings (ann)\n\
         team A: 5 tower(s); half: 0 knight(s) standing, 0 down; throwing line: baseline\n\
         team B is Danes (bob)\n\
         team B: 0 tower(s); half: 0 knight(s) standing, 5 down; throwing line: baseline\n\
         king: down\n\
         result: Vikings (A) wins\n"
    );

    let stats = ["kubb", "stats", path];
    let german = towers(&stats, Asking::Flag("de"), "");
    assert!(german.contains("Einwurf-drin%"), "{german}");
    let english = towers(&stats, Asking::Nothing, "");
    assert!(english.starts_with(ENGLISH_HEADINGS), "{english}");
    std::fs::remove_file(&file).ok();
}

#[test]
fn gt_play_explains_a_move_it_cannot_read_in_german_and_dutch() {
    // A word, a square off the board, a diagonal, a count of 9 and a
    // count that differs from the distance.
    let input = "zz\nA1-A9-1\nA1-B2-1\nA1-A2-9\nA1-A3-1\nquit\n";
    let args = ["gt", "play", "--movetime", "20"];
    let german = towers(&args, Asking::Flag("de"), input);
    for words in [
        "'zz' ist kein Zug: erwartet wird VON-NACH-STEINE wie A7-B7-1",
        "ungültiger Zug: 'A9' ist kein Feld",
        "ungültiger Zug: von A1 nach B2 ist kein gerader Schritt",
        "die Zahl der Steine '9' muss eine Ziffer von 1 bis 7 sein",
        "'A1-A3-1' zieht einen Stein, aber 2 Felder weit",
    ] {
        assert!(german.contains(words), "no {words:?} in\n{german}");
    }
    let dutch = towers(&args, Asking::Flag("nl"), input);
    for words in [
        "'zz' is geen zet: verwacht VAN-NAAR-STENEN zoals A7-B7-1",
        "ongeldige zet: 'A9' is geen veld",
        "'A1-A3-1' verplaatst één steen, maar 2 velden ver",
    ] {
        assert!(dutch.contains(words), "no {words:?} in\n{dutch}");
    }
    for said in [&german, &dutch] {
        assert!(!said.contains("bad move"), "English in\n{said}");
    }
    let english = towers(&args, Asking::Nothing, input);
    for words in [
        "'zz' is not a move: expected FROM-TO-STONES like A7-B7-1",
        "bad move: 'A9' is not a square: expected a file A-G and a rank 1-7, like D4",
        "bad move: A1 to B2 is not a straight orthogonal step (no diagonals, no null moves)",
        "bad move: the stone count '9' must be a digit 1-7",
        "bad move: 'A1-A3-1' moves 1 stone(s) but travels 2 square(s); a piece moves exactly as far as it is high",
    ] {
        assert!(english.contains(words), "no {words:?} in\n{english}");
    }
}

/// `towers ARGS` under `asking`: its standard output and its standard
/// error.
fn towers_with_stderr(args: &[&str], asking: Asking) -> (String, String) {
    let mut command = Command::new(TOWERS);
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    if let Asking::Flag(lang) = asking {
        command.args(["--lang", lang]);
    }
    let output = command.args(args).output().expect("towers runs");
    assert!(output.status.success(), "towers {args:?}: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn the_tables_verdicts_speak_german_and_dutch_and_the_move_stays() {
    let dir = std::env::temp_dir().join(format!("towers-languages-tables-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = dir.to_str().unwrap();
    towers_with_stderr(
        &["gt", "tablebase", "build", "--stones", "1", "--out", out],
        Asking::Nothing,
    );
    let position = "BG6/7/7/3RG3/7/7/7 r";
    let probe = ["gt", "tablebase", "probe", "--tablebase", out, position];
    let best = ["gt", "best", "--tablebase", out, position];
    let (english_probe, _) = towers_with_stderr(&probe, Asking::Nothing);
    assert_eq!(
        english_probe,
        "course: win in 5 plies\ncourse move: D4-D3-1\nstandard: win in 5 plies\nstandard move: D4-D3-1\n"
    );
    let (english_move, english_words) = towers_with_stderr(&best, Asking::Nothing);
    assert!(
        english_words.contains("\nRed wins in 3 (tablebase)\n"),
        "{english_words}"
    );
    let expected = [
        (
            "de",
            "course: Gewinn in 5 Halbzügen",
            "Rot gewinnt in 3 Zügen (Endspieldatenbank)",
        ),
        (
            "nl",
            "course: winst in 5 halve zetten",
            "rood wint in 3 zetten (eindspeldatabase)",
        ),
    ];
    for (lang, verdict, words) in expected {
        let (probed, _) = towers_with_stderr(&probe, Asking::Flag(lang));
        assert!(probed.contains(verdict), "{lang}: {probed}");
        let (chosen, said) = towers_with_stderr(&best, Asking::Flag(lang));
        assert_eq!(chosen, english_move, "{lang}: the move is the same bytes");
        assert!(said.contains(words), "{lang}: {said}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A record of one game of Guard & Towers, in a file of this process.
fn gt_record() -> PathBuf {
    let file = std::env::temp_dir().join(format!("towers-languages-gt-{}.rec", std::process::id()));
    std::fs::write(
        &file,
        "[Event \"e\"]\n[Red \"Ann\"]\n[Blue \"Bob\"]\n[Start \"3RG3/7/7/7/7/3r13/3BG3 r\"]\n[Result \"1-0\"]\n\n1. D2-D1-1 1-0\n",
    )
    .unwrap();
    file
}

#[test]
fn gt_replay_speaks_german_and_dutch_around_the_moves() {
    let record = gt_record();
    let path = record.to_str().unwrap();
    let contest_log = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../guard-towers/tests/data/contest-logs/win.txt"
    );
    let english = towers(&["gt", "replay", path], Asking::Nothing, "");
    assert!(
        english.starts_with("Game 1: Ann (red) vs Bob (blue), 1 moves, 1-0 "),
        "{english}"
    );
    assert!(
        english.ends_with("\n1 game(s), all moves legal\n"),
        "{english}"
    );
    let english_log = towers(&["gt", "replay", contest_log], Asking::Nothing, "");
    for line in [
        "Contest log: alice (red) vs bob (blue), 15 moves, 1-0 ",
        "   1. red  ",
        "   2. blue ",
        " ms left)\n",
        "skipped, out of turn: line 8: blue sent 'C1-C2-1' (the board unchanged)",
        "server's verdict: line 36: win, red wins",
        "1 game(s), all moves legal, every logged board matches the replay",
    ] {
        assert!(english_log.contains(line), "{line}\n{english_log}");
    }
    let expected = [
        (
            "de",
            [
                "Partie 1: Ann (Rot) gegen Bob (Blau), 1 Zug, 1-0 ",
                "\n1 Partie, alle Züge regelkonform\n",
                "\nBlau am Zug\n",
            ],
            [
                "Turnierprotokoll: alice (Rot) gegen bob (Blau), 15 Züge, 1-0 ",
                "   1. Rot  ",
                "   2. Blau ",
                "übergangen, nicht am Zug: Zeile 8: Blau schickte 'C1-C2-1' (das Brett unverändert)",
                "Urteil des Servers: Zeile 36: win, Rot gewinnt",
                "1 Partie, alle Züge regelkonform, jedes protokollierte Brett stimmt mit der Wiedergabe überein",
            ],
        ),
        (
            "nl",
            [
                "Partij 1: Ann (rood) tegen Bob (blauw), 1 zet, 1-0 ",
                "\n1 partij, alle zetten reglementair\n",
                "\nBlauw aan zet\n",
            ],
            [
                "Wedstrijdlogboek: alice (rood) tegen bob (blauw), 15 zetten, 1-0 ",
                "   1. rood  ",
                "   2. blauw ",
                "overgeslagen, niet aan zet: regel 8: blauw stuurde 'C1-C2-1' (het bord ongewijzigd)",
                "oordeel van de server: regel 36: win, rood wint",
                "1 partij, alle zetten reglementair, elk gelogd bord klopt met de herhaling",
            ],
        ),
    ];
    for (lang, game, log) in expected {
        let said = towers(&["gt", "replay", path], Asking::Flag(lang), "");
        for line in game {
            assert!(said.contains(line), "{lang}: {line}\n{said}");
        }
        let said = towers(&["gt", "replay", contest_log], Asking::Flag(lang), "");
        for line in log {
            assert!(said.contains(line), "{lang}: {line}\n{said}");
        }
    }
    std::fs::remove_file(&record).ok();
}

#[test]
fn kubb_simulate_speaks_german_and_dutch_and_its_json_stays() {
    let simulate = ["kubb", "simulate", "--games", "50", "--seed", "3"];
    let english = towers(&simulate, Asking::Nothing, "");
    assert!(
        english.starts_with("50 matches, seed rules, opening "),
        "{english}"
    );
    assert!(english.contains("\nA wins "), "{english}");
    assert!(english.contains("\nmean turns "), "{english}");
    assert!(
        english.contains("\nthe team that started a game won "),
        "{english}"
    );
    let expected = [
        (
            "de",
            [
                "50 Matches, Regeln seed, Eröffnung ",
                "A gewinnt ",
                "das Team, das einen Satz begann, gewann ",
                "Züge: 10 % ≤ ",
            ],
        ),
        (
            "nl",
            [
                "50 partijen, regels seed, opening ",
                "A wint ",
                "het team dat een spel begon, won ",
                "beurten: 10% ≤ ",
            ],
        ),
    ];
    let json = [&simulate[..], &["--json"]].concat();
    let english_json = towers(&json, Asking::Nothing, "");
    for (lang, lines) in expected {
        let said = towers(&simulate, Asking::Flag(lang), "");
        for line in lines {
            assert!(said.contains(line), "{lang}: {line}\n{said}");
        }
        // The shares keep their decimals, in the language's sign.
        assert!(!said.contains('.'), "{lang}: {said}");
        assert_eq!(towers(&json, Asking::Flag(lang), ""), english_json);
    }
}

/// `towers ARGS` under `--lang lang`, which must refuse: its standard
/// error.
fn refused(args: &[&str], lang: &str) -> String {
    let output = Command::new(TOWERS)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .args(["--lang", lang])
        .args(args)
        .output()
        .expect("towers runs");
    assert_eq!(output.status.code(), Some(2), "towers {args:?}: {output:?}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn files_that_cannot_be_read_are_refused_in_german_and_dutch() {
    let missing = std::env::temp_dir().join(format!(
        "towers-languages-missing-{}.rec",
        std::process::id()
    ));
    let missing = missing.to_str().unwrap();
    let empty = new_record("empty");
    std::fs::write(&empty, "").unwrap();
    let empty_path = empty.to_str().unwrap();
    let expected = [
        (
            "en",
            format!("cannot read {missing}: "),
            format!("invalid record {empty_path}: the file is empty"),
            "--games must be at least 1",
        ),
        (
            "de",
            format!("{missing} lässt sich nicht lesen: "),
            format!("ungültige Aufzeichnung {empty_path}: die Datei ist leer"),
            "--games muss mindestens 1 sein",
        ),
        (
            "nl",
            format!("kan {missing} niet lezen: "),
            format!("ongeldig verslag {empty_path}: het bestand is leeg"),
            "--games moet minstens 1 zijn",
        ),
    ];
    for (lang, unreadable, empty_record, no_games) in expected {
        for command in [["gt", "replay"], ["kubb", "replay"], ["kubb", "stats"]] {
            let said = refused(&[command[0], command[1], missing], lang);
            assert!(said.contains(&unreadable), "{lang} {command:?}: {said}");
        }
        let said = refused(&["kubb", "replay", empty_path], lang);
        assert!(said.contains(&empty_record), "{lang}: {said}");
        let said = refused(&["kubb", "simulate", "--games", "0"], lang);
        assert!(said.contains(no_games), "{lang}: {said}");
    }
    std::fs::remove_file(&empty).ok();
}

#[test]
fn kubb_duel_and_the_tables_progress_speak_german_and_dutch() {
    let duel = ["kubb", "duel", "--games", "2", "--playouts", "2"];
    let (english, _) = towers_with_stderr(&duel, Asking::Nothing);
    assert!(
        english.starts_with("search (2 play-outs per candidate) vs heuristic, 2 matches, "),
        "{english}"
    );
    assert!(english.contains("\nsearch won "), "{english}");
    for (lang, words, progress) in [
        (
            "de",
            "Suche (2 Simulationen je Kandidat) gegen Heuristik, 2 Matches, ",
            " Stellungen: ",
        ),
        (
            "nl",
            "zoeken (2 simulaties per kandidaat) tegen heuristiek, 2 partijen, ",
            " stellingen: ",
        ),
    ] {
        let (said, _) = towers_with_stderr(&duel, Asking::Flag(lang));
        assert!(said.starts_with(words), "{lang}: {said}");
        let dir = std::env::temp_dir().join(format!(
            "towers-languages-build-{lang}-{}",
            std::process::id()
        ));
        std::fs::remove_dir_all(&dir).ok();
        let build = [
            "gt",
            "tablebase",
            "build",
            "--stones",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ];
        let (_, said) = towers_with_stderr(&build, Asking::Flag(lang));
        assert!(said.starts_with("r0b0: "), "{lang}: {said}");
        assert!(said.contains(progress), "{lang}: {said}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

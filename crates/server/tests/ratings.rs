//! Ratings on the server, end to end: rated Guard & Towers games and Kubb
//! matches are played through the API, and the leaderboards and player
//! pages must equal Glicko-2 computed by hand with the library's update
//! (tested against Glickman's worked example), one rating period per
//! result for its players only. Unrated games must not count, a second
//! server on the same database must show the same ratings (they are read
//! from the store), and bad names must be refused with a message.

mod common;

use api::gt::{GtState, SeatGranted};
use api::kubb::MatchCreated;
use api::ratings::{Leader, Leaderboard, PlayerPage, RatedOutcome, Record};
use api::{ErrorBody, Status};
use common::{config, databases, read, start, TestServer};
use reqwest::StatusCode;
use serde_json::json;
use tournament::glicko2::{Game, Glicko2, Rating};

/// A friend game between `red` and `blue`, both seats taken; returns the
/// game's id and the two tokens.
async fn game(server: &TestServer, red: &str, blue: &str, rated: bool) -> (String, String, String) {
    let (status, created) = server
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "friend", "name": red, "rated": rated }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: SeatGranted = read(&created);
    assert_eq!(created.state.rated, rated);
    let id = created.id.clone();
    let (status, joined) = server
        .post(
            &format!("/api/gt/games/{id}/join"),
            None,
            json!({ "name": blue, "invite": created.invite }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let joined: SeatGranted = read(&joined);
    let token = |seat: SeatGranted| seat.token.expect("a seat token");
    (id, token(created), token(joined))
}

/// Plays a game to its end by a resignation of `loser_token`'s seat.
async fn resign(server: &TestServer, id: &str, loser_token: &str) {
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/resign"),
            Some(loser_token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(read::<GtState>(&body).status, Status::Finished);
}

fn beats(winner: Rating, loser: Rating) -> (Rating, Rating) {
    let glicko = Glicko2::default();
    let game = |opponent, score| [Game { opponent, score }];
    (
        glicko.update(winner, &game(loser, 1.0)),
        glicko.update(loser, &game(winner, 0.0)),
    )
}

fn leader<'a>(ratings: &'a Leaderboard, name: &str) -> &'a Leader {
    ratings
        .leaders
        .iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("{name} is not on the board: {ratings:?}"))
}

fn assert_rated(ratings: &Leaderboard, name: &str, expected: Rating, games: u32) {
    let line = leader(ratings, name);
    assert!(
        (line.rating - expected.rating).abs() < 1e-9,
        "{name}: {line:?} vs {expected:?}"
    );
    assert!(
        (line.deviation - expected.deviation).abs() < 1e-9,
        "{name}: {line:?}"
    );
    assert_eq!(line.games, games, "{name}");
}

/// A leaderboard or player page, read as the wire type once its status is
/// checked.
async fn ok<T: serde::de::DeserializeOwned>(server: &TestServer, path: &str) -> T {
    let (status, body) = server.get(path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    read(&body)
}

fn record(wins: u32, draws: u32, losses: u32) -> Record {
    Record {
        wins,
        draws,
        losses,
    }
}

/// Three rated games (bob beats ann, ann beats cy, cy beats bob) and one
/// unrated game that ann wins: each rated game moves its two players
/// from the ratings they had just before it, the unrated one nothing.
#[tokio::test]
async fn rated_games_move_ratings_as_computed_by_hand_and_a_second_server_agrees() {
    for database in databases() {
        let server = start(config(&database)).await;
        let (first, ann, _) = game(&server, "ann", "bob", true).await;
        resign(&server, &first, &ann).await;
        let (second, _, cy) = game(&server, "ann", "cy", true).await;
        resign(&server, &second, &cy).await;
        let (unrated, _, bob) = game(&server, "ann", "bob", false).await;
        resign(&server, &unrated, &bob).await;
        let (third, bob, _) = game(&server, "bob", "cy", true).await;
        resign(&server, &third, &bob).await;

        let newcomer = Rating::NEWCOMER;
        let (bob_1, ann_1) = beats(newcomer, newcomer);
        let (ann_2, cy_1) = beats(ann_1, newcomer);
        let (cy_2, bob_2) = beats(cy_1, bob_1);

        let restarted = start(config(&database)).await;
        for reader in [&server, &restarted] {
            let ratings: Leaderboard = ok(reader, "/api/ratings?game=gt").await;
            // Two games each: the unrated game is left out. (The board's
            // `periods` is not checked: a shared PostgreSQL test database
            // holds other tests' rated results too.)
            assert_rated(&ratings, "ann", ann_2, 2);
            assert_rated(&ratings, "bob", bob_2, 2);
            assert_rated(&ratings, "cy", cy_2, 2);

            let page: PlayerPage = ok(reader, "/api/players/gt/ann").await;
            let seen: Vec<(&str, RatedOutcome, Option<&str>)> = page
                .history
                .iter()
                .map(|p| (p.opponent.as_str(), p.outcome, p.game.as_deref()))
                .collect();
            assert_eq!(
                seen,
                [
                    ("bob", RatedOutcome::Loss, Some(first.as_str())),
                    ("cy", RatedOutcome::Win, Some(second.as_str()))
                ]
            );
            let after_first = page.history[0].rating;
            assert!((after_first - ann_1.rating).abs() < 1e-9, "{page:?}");
            assert_eq!(page.record, record(1, 0, 1));
            let by_color = page.by_color.as_ref().expect("a Guard & Towers page");
            assert_eq!(by_color.red, record(1, 0, 1), "ann had Red in both");
            // The page's rank is the board's; of the three, ann is second
            // (cy won the last game).
            let rank = |name| leader(&ratings, name).rank;
            assert_eq!(page.rank, Some(rank("ann")), "{ratings:?}");
            assert!(
                rank("cy") < rank("ann") && rank("ann") < rank("bob"),
                "{ratings:?}"
            );
        }
    }
}

/// A rated game is between two people under their own names: an engine
/// game, a nameless seat and one player on both sides are refused.
#[tokio::test]
async fn rated_games_are_between_two_named_people() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, body) = server
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "engine", "name": "ann", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(read::<ErrorBody>(&body).error.contains("engine"), "{body}");
    let (status, body) = server
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "public", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(read::<ErrorBody>(&body).error.contains("name"), "{body}");

    let (status, created) = server
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "public", "name": "ann", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let join = format!("/api/gt/games/{}/join", read::<SeatGranted>(&created).id);
    let (status, body) = server.post(&join, None, json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a guest: {body}");
    let (status, body) = server.post(&join, None, json!({ "name": "ann" })).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "ann twice: {body}"
    );
    assert!(read::<ErrorBody>(&body).error.contains("ann"), "{body}");
}

/// Names are looked up as given: an unknown player or game is 404 with
/// a message, a name with a control character 400.
#[tokio::test]
async fn unknown_players_are_404_with_a_message() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, body) = server.get("/api/players/gt/zed").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(read::<ErrorBody>(&body).error.contains("zed"), "{body}");
    let (status, body) = server.get("/api/players/chess/zed").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(read::<ErrorBody>(&body).error.contains("chess"), "{body}");
    let (status, body) = server.get("/api/players/gt/a%01b").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server.get("/api/players/kubb/zed?of=teams").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// Creates a Kubb match and lets team A win it with two sticks of its
/// first player: five baseline kubbs, then the king.
async fn kubb_match(server: &TestServer, rated: bool) -> String {
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({
                "team_a": { "name": "Vikings", "players": ["ann", "bob"] },
                "team_b": { "name": "Danes", "players": ["cy", "dee"] },
                "rated": rated,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    assert_eq!(created.state.rated, rated);
    server
        .team_a_wins_kubb_match(&created.id, &created.token, "ann")
        .await;
    created.id
}

/// A rated Kubb match rates both teams and each player against the
/// opposing team as one composite (two newcomers make a newcomer); the
/// player page sums the player's statistics; an unrated match counts
/// for nobody.
#[tokio::test]
async fn a_rated_kubb_match_rates_teams_and_players_with_their_statistics() {
    let server = start(config(&common::sqlite_url())).await;
    let rated = kubb_match(&server, true).await;
    kubb_match(&server, false).await;
    let (won, lost) = beats(Rating::NEWCOMER, Rating::NEWCOMER);

    let teams: Leaderboard = ok(&server, "/api/ratings?game=kubb").await;
    assert_eq!(teams.periods, 1, "{teams:?}");
    assert_rated(&teams, "Vikings", won, 1);
    assert_rated(&teams, "Danes", lost, 1);
    let players: Leaderboard = ok(&server, "/api/ratings?game=kubb&of=players").await;
    for (name, expected) in [("ann", won), ("bob", won), ("cy", lost), ("dee", lost)] {
        assert_rated(&players, name, expected, 1);
    }

    let ann: PlayerPage = ok(&server, "/api/players/kubb/ann?of=players").await;
    let played = &ann.history[0];
    assert_eq!(
        (
            &*played.opponent,
            played.team.as_deref(),
            played.game.as_ref()
        ),
        ("Danes", Some("Vikings"), Some(&rated))
    );
    let stats = ann.stats.expect("a Kubb player's statistics");
    assert_eq!(
        (stats.sticks, stats.hits, stats.hit_rate),
        (2, 2, Some(1.0))
    );
    let vikings: PlayerPage = ok(&server, "/api/players/kubb/Vikings").await;
    assert_eq!(vikings.record.wins, 1);
    let (status, _) = server.get("/api/players/kubb/Vikings?of=players").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a team is not a player");
}

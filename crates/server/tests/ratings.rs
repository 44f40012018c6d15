//! Ratings on the server, end to end: rated Guard & Towers games and Kubb
//! matches are played through the API, and the leaderboards and player
//! pages must equal Glicko-2 computed by hand with the library's update
//! (tested against Glickman's worked example), one rating period per
//! result for its players only. The players are signed in to accounts (a
//! rated game is played signed in, and a Kubb result counts once each
//! team confirmed it from a player's account). Unrated games must not
//! count, a second server on the same database must show the same
//! ratings (they are read from the store), and bad names must be refused
//! with a message.

mod common;

use api::gt::{GtState, SeatGranted};
use api::kubb::{KubbState, MatchCreated, RatingCount};
use api::ratings::{Leader, Leaderboard, PlayerPage, RatedOutcome, Record};
use api::{ErrorBody, Status};
use common::{config, databases, read, start, Account, TestServer};
use reqwest::StatusCode;
use serde_json::json;
use tournament::glicko2::{Game, Glicko2, Rating};

/// A friend game between the accounts `red` and `blue`, each signed in
/// and under its own name, both seats taken; returns the game's id and
/// the two tokens.
async fn game(
    server: &TestServer,
    red: &Account,
    blue: &Account,
    rated: bool,
) -> (String, String, String) {
    let (status, created) = server
        .post_as(
            red,
            "/api/gt/games",
            None,
            json!({ "opponent": "friend", "name": red.name, "rated": rated }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: SeatGranted = read(&created);
    assert_eq!(created.state.rated, rated);
    let id = created.id.clone();
    let (status, joined) = server
        .post_as(
            blue,
            &format!("/api/gt/games/{id}/join"),
            None,
            json!({ "name": blue.name, "invite": created.invite }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let joined: SeatGranted = read(&joined);
    let state = &joined.state;
    assert_eq!(state.seats.red.name.as_deref(), Some(red.name.as_str()));
    assert_eq!(state.seats.blue.name.as_deref(), Some(blue.name.as_str()));
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
        let (ann, bob, cy) = (
            server.account("ann").await,
            server.account("bob").await,
            server.account("cy").await,
        );
        let (first, ann_token, _) = game(&server, &ann, &bob, true).await;
        resign(&server, &first, &ann_token).await;
        let (second, _, cy_token) = game(&server, &ann, &cy, true).await;
        resign(&server, &second, &cy_token).await;
        let (unrated, _, bob_token) = game(&server, &ann, &bob, false).await;
        resign(&server, &unrated, &bob_token).await;
        let (third, bob_token, _) = game(&server, &bob, &cy, true).await;
        resign(&server, &third, &bob_token).await;

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
            assert_rated(&ratings, &ann.name, ann_2, 2);
            assert_rated(&ratings, &bob.name, bob_2, 2);
            assert_rated(&ratings, &cy.name, cy_2, 2);

            let page: PlayerPage = ok(reader, &format!("/api/players/gt/{}", ann.name)).await;
            let seen: Vec<(&str, RatedOutcome, Option<&str>)> = page
                .history
                .iter()
                .map(|p| (p.opponent.as_str(), p.outcome, p.game.as_deref()))
                .collect();
            assert_eq!(
                seen,
                [
                    (bob.name.as_str(), RatedOutcome::Loss, Some(first.as_str())),
                    (cy.name.as_str(), RatedOutcome::Win, Some(second.as_str()))
                ]
            );
            let after_first = page.history[0].rating;
            assert!((after_first - ann_1.rating).abs() < 1e-9, "{page:?}");
            assert_eq!(page.record, record(1, 0, 1));
            let by_color = page.by_color.as_ref().expect("a Guard & Towers page");
            assert_eq!(by_color.red, record(1, 0, 1), "ann had Red in both");
            // The page's rank is the board's; of the three, ann is second
            // (cy won the last game).
            let rank = |account: &Account| leader(&ratings, &account.name).rank;
            assert_eq!(page.rank, Some(rank(&ann)), "{ratings:?}");
            assert!(
                rank(&cy) < rank(&ann) && rank(&ann) < rank(&bob),
                "{ratings:?}"
            );
        }
    }
}

/// A rated game is between two people signed in under their own names:
/// without a session a rated game is neither created nor joined (401);
/// signed in, an engine game is refused, and so is one account in both
/// seats of its own challenge.
#[tokio::test]
async fn rated_games_are_between_two_named_people() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, body) = server
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "public", "name": "ann", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no session: {body}");
    assert!(
        read::<ErrorBody>(&body).error.contains("signed in"),
        "{body}"
    );

    let (ann, bob) = (server.account("ann").await, server.account("bob").await);
    let (status, body) = server
        .post_as(
            &ann,
            "/api/gt/games",
            None,
            json!({ "opponent": "engine", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(read::<ErrorBody>(&body).error.contains("engine"), "{body}");

    let (status, created) = server
        .post_as(
            &ann,
            "/api/gt/games",
            None,
            json!({ "opponent": "public", "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: SeatGranted = read(&created);
    assert_eq!(
        created.state.seats.red.name.as_deref(),
        Some(ann.name.as_str()),
        "signed in, a seat is the account's own without a name given"
    );
    let join = format!("/api/gt/games/{}/join", created.id);
    let (status, body) = server.post(&join, None, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a guest: {body}");
    let (status, body) = server.post_as(&ann, &join, None, json!({})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "ann twice: {body}"
    );
    assert!(read::<ErrorBody>(&body).error.contains(&ann.name), "{body}");
    let (status, joined) = server.post_as(&bob, &join, None, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let joined: SeatGranted = read(&joined);
    assert_eq!(
        joined.state.seats.blue.name.as_deref(),
        Some(bob.name.as_str())
    );
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

/// The players of a Kubb match's two teams, each signed in to an account
/// of their own: (ann, bob) for the Vikings, (cy, dee) for the Danes.
struct KubbPlayers {
    vikings: [Account; 2],
    danes: [Account; 2],
}

impl KubbPlayers {
    async fn sign_up(server: &TestServer) -> KubbPlayers {
        KubbPlayers {
            vikings: [server.account("ann").await, server.account("bob").await],
            danes: [server.account("cy").await, server.account("dee").await],
        }
    }
}

fn names(team: &[Account; 2]) -> [&str; 2] {
    [team[0].name.as_str(), team[1].name.as_str()]
}

/// Creates a Kubb match and lets team A win it with two sticks of its
/// first player: five baseline kubbs, then the king. A rated one is
/// confirmed from a player's account of each team (ann's, with no token:
/// from her own phone; cy's, with his team's link), as its result counts
/// for the ratings only then.
async fn kubb_match(server: &TestServer, players: &KubbPlayers, rated: bool) -> String {
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({
                "team_a": { "name": "Vikings", "players": names(&players.vikings) },
                "team_b": { "name": "Danes", "players": names(&players.danes) },
                "rated": rated,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    assert_eq!(created.state.rated, rated);
    let ann = &players.vikings[0];
    server
        .team_a_wins_kubb_match(&created.id, &created.token, &ann.name)
        .await;
    if rated {
        let confirm = format!("/api/kubb/matches/{}/confirm", created.id);
        let agree = json!({ "agree": true });
        let (status, body) = server.post_as(ann, &confirm, None, agree.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let rating =
            |body: &serde_json::Value| read::<KubbState>(body).result_confirmation.unwrap().rating;
        assert_eq!(rating(&body), RatingCount::Unconfirmed, "one team: {body}");
        let cy = &players.danes[0];
        let team_b = Some(created.team_tokens.b.as_str());
        let (status, body) = server.post_as(cy, &confirm, team_b, agree.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(rating(&body), RatingCount::Counted, "{body}");
        // A player who is an account is rated only once they agreed
        // themselves: their teammate's word does not move their rating.
        let (bob, dee) = (&players.vikings[1], &players.danes[1]);
        let board: Leaderboard = ok(server, "/api/ratings?game=kubb&of=players").await;
        for absent in [bob, dee] {
            assert!(
                board
                    .leaders
                    .iter()
                    .all(|leader| leader.name != absent.name),
                "{} has not agreed: {board:?}",
                absent.name
            );
        }
        for player in [bob, dee] {
            let (status, body) = server.post_as(player, &confirm, None, agree.clone()).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    created.id
}

/// A rated Kubb match rates both teams and each player against the
/// opposing team as one composite (two newcomers make a newcomer); the
/// player page sums the player's statistics; an unrated match counts
/// for nobody.
#[tokio::test]
async fn a_rated_kubb_match_rates_teams_and_players_with_their_statistics() {
    let server = start(config(&common::sqlite_url())).await;
    let players = KubbPlayers::sign_up(&server).await;
    let rated = kubb_match(&server, &players, true).await;
    kubb_match(&server, &players, false).await;
    let (won, lost) = beats(Rating::NEWCOMER, Rating::NEWCOMER);

    let teams: Leaderboard = ok(&server, "/api/ratings?game=kubb").await;
    assert_eq!(teams.periods, 1, "{teams:?}");
    assert_rated(&teams, "Vikings", won, 1);
    assert_rated(&teams, "Danes", lost, 1);
    let board: Leaderboard = ok(&server, "/api/ratings?game=kubb&of=players").await;
    for player in &players.vikings {
        assert_rated(&board, &player.name, won, 1);
    }
    for player in &players.danes {
        assert_rated(&board, &player.name, lost, 1);
    }

    let path = format!("/api/players/kubb/{}?of=players", players.vikings[0].name);
    let ann: PlayerPage = ok(&server, &path).await;
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

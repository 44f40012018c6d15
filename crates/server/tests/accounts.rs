//! Who is who, end to end on the real server: accounts with passwords
//! and sessions, the forgeries of the issue that filed them (a rated game
//! joined under someone else's name, a Kubb result moving ratings nobody
//! confirmed), every look-alike name refused at every door with the rule
//! it breaks, the sign-in limit, cross-site writes, bots owned by
//! accounts. Passkeys are exercised by the browser tests (Chromium's
//! virtual authenticator) and by the `accounts` crate's own ceremony test.

mod common;

use api::accounts::{AccountView, OwnedBots};
use api::bots::{BotAccount, BotRegistered};
use api::gt::{PositionInfo, SeatGranted};
use api::kubb::{KubbState, MatchCreated, RatingCount};
use api::puzzles::{Puzzle, PuzzleAttempt};
use api::ratings::{Holder, Leaderboard, PlayerPage};
use api::ErrorBody;
use common::{answer, config, databases, read, session_cookie, start, Account, PASSWORD};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn error(body: &Value) -> String {
    read::<ErrorBody>(body).error
}

/// Signing up sets a session cookie of the kind the issue asks for; the
/// session shows the account, signing out ends it.
#[tokio::test]
async fn signing_up_opens_a_session_that_signing_out_ends() {
    for url in databases() {
        let server = start(config(&url)).await;
        let name = common::unique_name("ann");
        let response = server
            .client
            .post(format!("{}/api/accounts", server.base))
            .json(&json!({ "name": name, "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        let set_cookie = response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .to_string();
        for part in ["towers_session=", "HttpOnly", "SameSite=Lax", "Path=/"] {
            assert!(set_cookie.contains(part), "{set_cookie}");
        }
        assert!(!set_cookie.contains("Secure"), "plain http: {set_cookie}");
        let cookie = session_cookie(&response);
        let (status, body) = answer(response).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let ann = Account { name, cookie };
        let (status, body) = server.get_as(&ann, "/api/session").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let view: AccountView = read(&body);
        assert_eq!(view.name, ann.name);
        assert!(view.has_password);
        assert_eq!(view.sessions.len(), 1);
        assert!(view.sessions[0].current);

        let (status, _) = server.get("/api/session").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "no cookie");
        let response = server
            .client
            .delete(format!("{}/api/session", server.base))
            .header("cookie", &ann.cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        let (status, _) = server.get_as(&ann, "/api/session").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "signed out");
    }
}

/// A password signs in; a wrong name and a wrong password get the same
/// refusal; another session is listed and can be ended from the first.
#[tokio::test]
async fn passwords_sign_in_and_sessions_are_listed_and_ended() {
    let server = start(config(&common::sqlite_url())).await;
    let ann = server.account("ann").await;
    let sign_in = |name: &str, password: &str| {
        server
            .client
            .post(format!("{}/api/session", server.base))
            .json(&json!({ "name": name, "password": password }))
            .send()
    };
    let response = sign_in(&ann.name, PASSWORD).await.unwrap();
    let second = session_cookie(&response);
    assert_eq!(response.status(), StatusCode::OK);
    let (status, wrong_password) =
        answer(sign_in(&ann.name, "not the password").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, wrong_name) = answer(sign_in("nobody-here", PASSWORD).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The same refusal (each request has its own id).
    assert_eq!(wrong_password["error"], wrong_name["error"]);
    assert_ne!(wrong_password["request_id"], wrong_name["request_id"]);

    let (_, body) = server.get_as(&ann, "/api/session").await;
    let view: AccountView = read(&body);
    assert_eq!(view.sessions.len(), 2, "{body}");
    let other = view.sessions.iter().find(|s| !s.current).unwrap();
    let response = server
        .client
        .delete(format!("{}/api/account/sessions/{}", server.base, other.id))
        .header("cookie", &ann.cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let second = Account {
        name: ann.name.clone(),
        cookie: second,
    };
    let (status, _) = server.get_as(&second, "/api/session").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "ended from the first");
}

/// The forgery: mallory makes a rated game and joins it "as ann"
/// to lose on her behalf. Rated creation without a session is refused,
/// and the join under a name that is not the joiner's own is refused:
/// ann's rating never moves.
#[tokio::test]
async fn the_three_request_forgery_moves_no_rating() {
    for url in databases() {
        let server = start(config(&url)).await;
        let ann = server.account("ann").await;
        let (status, body) = server
            .post(
                "/api/gt/games",
                None,
                json!({ "opponent": "friend", "name": "mallory", "rated": true }),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "rated without a session: {body}"
        );

        let mallory = server.account("mallory").await;
        let (status, created) = server
            .post_as(
                &mallory,
                "/api/gt/games",
                None,
                json!({ "opponent": "friend", "name": mallory.name, "rated": true }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let created: SeatGranted = read(&created);
        let join = format!("/api/gt/games/{}/join", created.id);
        let as_ann = json!({ "name": ann.name, "invite": created.invite });
        let (status, body) = server.post(&join, None, as_ann.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "joined without a session: {body}"
        );
        let eve = server.account("eve").await;
        let (status, body) = server.post_as(&eve, &join, None, as_ann).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(error(&body).contains("own name"), "{body}");
        // A casual game under ann's name is refused too: it is hers.
        let casual = json!({ "opponent": "friend", "name": ann.name });
        let (status, body) = server.post("/api/gt/games", None, casual).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(error(&body).contains("sign in as"), "{body}");

        let (status, _) = server.get(&format!("/api/players/gt/{}", ann.name)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "ann has no rated result");
    }
}

/// Rated games between accounts rate the accounts, and a leaderboard
/// line says a name is an account's.
#[tokio::test]
async fn rated_games_between_accounts_rate_them() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, red, _, _, blue_token) = server.rated_game("ann", "bob").await;
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/resign"),
            Some(&blue_token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = server.get("/api/ratings?game=gt").await;
    let board: Leaderboard = read(&body);
    let leader = board.leaders.iter().find(|l| l.name == red.name).unwrap();
    assert!(leader.rating > 1500.0);
    assert_eq!(leader.holder, Some(Holder::Account));
}

/// "ann" exists: its look-alikes are refused at every door that takes a
/// name, each with the rule it breaks; the same list of names is given to
/// every kind of name.
#[tokio::test]
async fn look_alike_names_are_refused_at_every_door_with_the_rule_they_break() {
    for url in databases() {
        let server = start(config(&url)).await;
        let ann = server.account("ann").await;
        let base = ann.name.clone();
        let upper = base.to_uppercase();
        let capital = format!("A{}", &base[1..]);
        let cyrillic = format!("\u{430}{}", &base[1..]);
        let zero_width = format!("a\u{200b}{}", &base[1..]);
        let bidi = format!("{base}\u{202e}");
        let cases: [(&str, &str); 5] = [
            (&capital, "too like"),
            (&upper, "too like"),
            (&cyrillic, "too like"),
            (&zero_width, "invisible"),
            (&bidi, "invisible"),
        ];
        let owner = server.account("owner").await;
        let (_, tournament) = server
            .post(
                "/api/tournaments",
                None,
                json!({ "title": "Open", "game": "kubb", "format": "round-robin" }),
            )
            .await;
        let tournament_id = tournament["id"].as_str().unwrap().to_string();
        let organiser = tournament["token"].as_str().unwrap().to_string();
        for (name, rule) in cases {
            let doors: Vec<(&str, Option<&Account>, Option<&str>, Value)> = vec![
                (
                    "/api/accounts",
                    None,
                    None,
                    json!({ "name": name, "password": PASSWORD }),
                ),
                (
                    "/api/gt/games",
                    None,
                    None,
                    json!({ "opponent": "friend", "name": name }),
                ),
                (
                    "/api/kubb/matches",
                    None,
                    None,
                    json!({ "team_a": { "name": name, "players": [] }, "team_b": { "name": "Danes", "players": [] } }),
                ),
                (
                    "/api/kubb/matches",
                    None,
                    None,
                    json!({ "team_a": { "name": "Vikings", "players": [name] }, "team_b": { "name": "Danes", "players": [] } }),
                ),
                ("/api/bots", Some(&owner), None, json!({ "name": name })),
            ];
            for (path, account, token, body) in doors {
                let (status, answer) = match account {
                    Some(account) => server.post_as(account, path, token, body).await,
                    None => server.post(path, token, body).await,
                };
                assert_eq!(
                    status,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "{path} {name:?}: {answer}"
                );
                assert!(error(&answer).contains(rule), "{path} {name:?}: {answer}");
            }
            let entrants = format!("/api/tournaments/{tournament_id}/entrants");
            for body in [
                json!({ "name": name }),
                json!({ "name": "Team", "players": [name] }),
            ] {
                let (status, answer) = server.post(&entrants, Some(&organiser), body).await;
                assert_eq!(
                    status,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "entrant {name:?}: {answer}"
                );
            }
        }
    }
}

/// Ten failed sign-ins in ten minutes hold the account back (429 with
/// Retry-After), even with the right password.
#[tokio::test]
async fn sign_ins_are_limited_after_ten_failures() {
    let server = start(config(&common::sqlite_url())).await;
    let ann = server.account("ann").await;
    let sign_in = |password: &str| {
        server
            .client
            .post(format!("{}/api/session", server.base))
            .json(&json!({ "name": ann.name, "password": password }))
            .send()
    };
    for _ in 0..10 {
        assert_eq!(
            sign_in("wrong password").await.unwrap().status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let response = sign_in(PASSWORD).await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "{retry}");
}

/// A write with the session cookie from another site's page is refused,
/// and changes nothing; one from the server's own page is not.
#[tokio::test]
async fn a_cross_site_write_with_the_session_is_refused() {
    let server = start(config(&common::sqlite_url())).await;
    let ann = server.account("ann").await;
    let own = format!("http://localhost:{}", server.addr.port());
    for (header, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let response = server
            .client
            .delete(format!("{}/api/session", server.base))
            .header("cookie", &ann.cookie)
            .header(header, value)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{header}");
        let (status, _) = server.get_as(&ann, "/api/session").await;
        assert_eq!(status, StatusCode::OK, "still signed in after {header}");
        let response = server
            .client
            .post(format!("{}/api/accounts", server.base))
            .header(header, value)
            .json(&json!({ "name": common::unique_name("x"), "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::FORBIDDEN,
            "sign up from {header}"
        );
    }
    let response = server
        .client
        .put(format!("{}/api/account/password", server.base))
        .header("cookie", &ann.cookie)
        .header("origin", &own)
        .json(&json!({ "password": "a new long password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "from the server's own page"
    );
}

/// A rated Kubb match's result counts only once each team has confirmed
/// it signed in as one of its players: the phones' confirmation alone,
/// or anybody's, moves nothing.
#[tokio::test]
async fn a_kubb_result_counts_only_once_each_team_confirmed_it_from_a_players_account() {
    for url in databases() {
        let server = start(config(&url)).await;
        let (ann, cy, mallory) = (
            server.account("ann").await,
            server.account("cy").await,
            server.account("mallory").await,
        );
        let (vikings, danes) = (common::unique_name("Vikings"), common::unique_name("Danes"));
        let (status, created) = server
            .post(
                "/api/kubb/matches",
                None,
                json!({
                    "team_a": { "name": vikings, "players": [ann.name] },
                    "team_b": { "name": danes, "players": [cy.name] },
                    "rated": true,
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let created: MatchCreated = read(&created);
        let id = created.id.clone();
        server
            .team_a_wins_kubb_match(&id, &created.token, &ann.name)
            .await;
        let confirm = format!("/api/kubb/matches/{id}/confirm");
        let agree = json!({ "agree": true });
        for token in [&created.team_tokens.a, &created.team_tokens.b] {
            let (status, body) = server.post(&confirm, Some(token), agree.clone()).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Mallory holds team B's link, but plays for neither team.
        let (status, body) = server
            .post_as(
                &mallory,
                &confirm,
                Some(&created.team_tokens.b),
                agree.clone(),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state: KubbState = read(&body);
        let confirmation = state.result_confirmation.unwrap();
        assert_eq!(confirmation.rating, RatingCount::Unconfirmed);
        let team_page = format!("/api/players/kubb/{vikings}");
        assert_eq!(
            server.get(&team_page).await.0,
            StatusCode::NOT_FOUND,
            "unconfirmed"
        );

        let (status, body) = server.post_as(&ann, &confirm, None, agree.clone()).await;
        assert_eq!(status, StatusCode::OK, "ann, from her own phone: {body}");
        let (status, body) = server
            .post_as(&cy, &confirm, Some(&created.team_tokens.b), agree)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state: KubbState = read(&body);
        assert_eq!(
            state.result_confirmation.unwrap().rating,
            RatingCount::Counted
        );
        let (status, body) = server.get(&team_page).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let page: PlayerPage = read(&body);
        assert_eq!(page.record.wins, 1);
    }
}

/// Registering a bot needs a signed-in owner, who lists it and gives it a
/// new token; the old token stops working; nobody else can.
#[tokio::test]
async fn bots_belong_to_the_account_that_registered_them() {
    let server = start(config(&common::sqlite_url())).await;
    let name = common::unique_name("bot");
    let (status, _) = server
        .post("/api/bots", None, json!({ "name": name }))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no owner");
    let (owner, other) = (server.account("owner").await, server.account("other").await);
    let (status, body) = server
        .post_as(&owner, "/api/bots", None, json!({ "name": name }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let first: BotRegistered = read(&body);
    let (_, body) = server.get_as(&owner, "/api/bots").await;
    let owned: OwnedBots = read(&body);
    assert_eq!(owned.bots.len(), 1);
    assert_eq!(owned.bots[0].name, name);

    let token_path = format!("/api/bots/{name}/token");
    let (status, _) = server.post_as(&other, &token_path, None, json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "not the owner");
    let (status, body) = server.post_as(&owner, &token_path, None, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second: BotRegistered = read(&body);
    let who = |token: String| {
        let server = &server;
        async move {
            let response = server
                .client
                .get(format!("{}/api/bots/account", server.base))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            answer(response).await
        }
    };
    assert_eq!(
        who(first.token).await.0,
        StatusCode::UNAUTHORIZED,
        "the old token"
    );
    let (status, body) = who(second.token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read::<BotAccount>(&body).name, name);
}

/// The administrator's commands: a disabled account cannot sign in, a
/// reset removes its password, and an unclaimed name's history is handed
/// to an account.
#[tokio::test]
async fn administrators_disable_reset_and_link() {
    let url = common::sqlite_url();
    let server = start(config(&url)).await;
    let ann = server.account("ann").await;
    let sign_in = || {
        server
            .client
            .post(format!("{}/api/session", server.base))
            .json(&json!({ "name": ann.name, "password": PASSWORD }))
            .send()
    };
    server::admin_accounts(&url, server::AccountsCommand::Disable(ann.name.clone()))
        .await
        .unwrap();
    assert_eq!(sign_in().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        server.get_as(&ann, "/api/session").await.0,
        StatusCode::UNAUTHORIZED
    );
    server::admin_accounts(&url, server::AccountsCommand::Enable(ann.name.clone()))
        .await
        .unwrap();
    assert_eq!(sign_in().await.unwrap().status(), StatusCode::OK);
    let link = server::admin_accounts(
        &url,
        server::AccountsCommand::Reset {
            name: ann.name.clone(),
            public_url: "https://towers.example.org".into(),
        },
    )
    .await
    .unwrap();
    assert!(
        link[0].starts_with("https://towers.example.org/account?reset="),
        "{link:?}"
    );
    assert_eq!(
        sign_in().await.unwrap().status(),
        StatusCode::UNAUTHORIZED,
        "no password now"
    );

    let lines = server::admin_accounts(&url, server::AccountsCommand::List)
        .await
        .unwrap();
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with(&format!("{}\t", ann.name))),
        "{lines:?}"
    );
}

/// A signed-in solver's puzzle rating is the account's: rated without a
/// solver token, and the same from the account's other sessions.
#[tokio::test]
async fn a_signed_in_solvers_puzzle_rating_belongs_to_the_account() {
    let server = start(config(&common::sqlite_url())).await;
    let ann = server.account("ann").await;
    let (status, body) = server.get_as(&ann, "/api/gt/puzzles/next").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let puzzle: Puzzle = read(&body);
    assert_eq!(puzzle.solver_rating, 1500);
    let (_, legal) = server
        .post(
            "/api/gt/position",
            None,
            json!({ "position": puzzle.position }),
        )
        .await;
    let legal: PositionInfo = read(&legal);
    let attempts = format!("/api/gt/puzzles/{}/attempts", puzzle.id);
    let mut rated = None;
    for mv in &legal.legal_moves {
        let (status, body) = server
            .post_as(&ann, &attempts, None, json!({ "moves": [mv.to_string()] }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let attempt: PuzzleAttempt = read(&body);
        if attempt.complete {
            assert!(
                attempt.rated,
                "the account's first complete attempt: {body}"
            );
            rated = attempt.solver_rating;
            break;
        }
    }
    let rating = rated.expect("some first move ends the attempt");
    assert_ne!(rating, 1500);

    let response = server
        .client
        .post(format!("{}/api/session", server.base))
        .json(&json!({ "name": ann.name, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    let elsewhere = Account {
        name: ann.name.clone(),
        cookie: session_cookie(&response),
    };
    let (_, body) = server.get_as(&elsewhere, "/api/gt/puzzles/next").await;
    assert_eq!(
        read::<Puzzle>(&body).solver_rating,
        rating,
        "on another device"
    );
}

//! The OpenAPI document of the HTTP API (`GET /api/openapi.json`), made
//! from this crate's types: every request body, answer, parameter and
//! refusal is a type here, and its schema is the type's own (`ToSchema`,
//! `IntoParams`), so the document cannot describe a field the wire types
//! do not have. The server's contract test plays a session against the
//! document it serves; `docs/api.md` is the prose.
//!
//! The operations are listed here, route by route, rather than as
//! attributes on the server's handlers: read top to bottom this is the
//! API's table of contents, each handler stays a few lines, and the
//! refusals every route shares are named once. The server's test
//! `tests/routes.rs` checks that these routes are the router's.
//!
//! ```
//! let document = api::openapi::document();
//! let paths = &document.paths.paths;
//! assert!(paths["/api/gt/games/{id}/moves"].post.is_some());
//! ```

use std::collections::BTreeMap;

use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ComponentsBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{
    ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, Paths, Ref, RefOr, Required,
    ResponseBuilder,
};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::{
    AccountView, Ceremony, OwnedBots, PasskeyFinish, PasskeyLabel, PasskeyStart, PasskeyView,
    PasswordChange, SignIn, SignUp,
};
use crate::bots::{BotAccount, BotEvent, BotRegistered, BotRegistration};
use crate::gt::{
    Analysis, AnalysisRequest, CourseLogImported, CreateGame, GtState, JoinRequest, MoveRequest,
    OfferRequest, PositionInfo, PositionRequest, Positions, RematchAnswer, SeatGranted,
};
use crate::health::Health;
use crate::kubb::{
    Advice, AdviceQuery, ConfirmRequest, CreateMatch, EventRequest, ExportQuery, KubbRecord,
    KubbState, MatchCreated, MatchStats, Probability, ProbabilityQuery, StatsQuery,
};
use crate::listing::{GameList, ListQuery};
use crate::live::LiveQuery;
use crate::puzzles::{
    AttemptRequest, NextQuery, Puzzle, PuzzleAttempt, PuzzleCounts, PuzzlePath, PuzzleResults,
    Solver,
};
use crate::ratings::{Leaderboard, LeaderboardQuery, PlayerPage, PlayerPath, PlayerQuery};
use crate::tournament::{
    CreateTournament, EntrantRequest, Pitches, ResultRequest, RoundStarted, SetPitches,
    StartRequest, TableQuery, TournamentCreated, TournamentGames, TournamentState,
    WithdrawalRequest,
};
use crate::ErrorBody;

/// The document: its routes, their types' schemas and the two bearer
/// tokens.
pub fn document() -> OpenApi {
    let mut doc = Document::default();
    general(&mut doc);
    guard_and_towers(&mut doc);
    kubb(&mut doc);
    tournaments(&mut doc);
    accounts(&mut doc);
    accounts_and_ratings(&mut doc);
    doc.build()
}

const DESCRIPTION: &str = "Guard & Towers and Koning & Torens. Errors are JSON {\"error\": \"...\", \"code\": \"...\", \"params\": {...}} with a 4xx status: the English words, a stable code (the enum of Error.code) and its particulars. See docs/api.md.";

const NOT_JSON: &str = "The body is not JSON, or not sent as application/json";
const MALFORMED: &str = "Malformed request (bad JSON, unknown field, bad value)";
const TOO_LARGE: &str = "Body over 16 KiB";
const REFUSED: &str =
    "JSON whose content is refused (a missing or unknown field, a value out of range, a bad name)";
const NO_GAME: &str = "No such game";
const NO_MATCH: &str = "No such match";
const NO_TOURNAMENT: &str = "No such tournament";
const NO_SEAT_TOKEN: &str = "No seat token";
const NO_TOKEN: &str = "No token";
const NO_SEAT: &str = "The token holds no seat in this game";
const NOT_ORGANISER: &str = "Not the organiser's token";

/// [`REFUSED`], or what else refuses the request.
fn refused_or(what: &str) -> String {
    format!("{REFUSED}; or {what}")
}

/// The routes and the schemas their types need, as they are added.
#[derive(Default)]
struct Document {
    paths: Paths,
    schemas: BTreeMap<String, RefOr<Schema>>,
}

impl Document {
    fn route(&mut self, path: &str, op: Op) {
        self.paths
            .add_path_operation(path, vec![op.method], op.operation.build());
        self.schemas.extend(op.schemas);
    }

    fn build(self) -> OpenApi {
        let bearer = |description: &str| {
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(description))
                    .build(),
            )
        };
        let components = ComponentsBuilder::new()
            .schemas_from_iter(self.schemas)
            .security_scheme(
                "seatToken",
                bearer("The secret token returned when a seat is taken"),
            )
            .security_scheme("botToken", bearer("A bot's account token (POST /api/bots)"))
            .security_scheme(
                "session",
                SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                    "towers_session",
                    "The session cookie set by signing in (HttpOnly; SameSite=Lax). A write \
                     it authorises must come from the server's own pages (Origin or \
                     Sec-Fetch-Site); a cross-site one is 403.",
                ))),
            )
            .build();
        OpenApiBuilder::new()
            .info(
                InfoBuilder::new()
                    .title("towers game server")
                    .version("1")
                    .description(Some(DESCRIPTION)),
            )
            .paths(self.paths)
            .components(Some(components))
            .build()
    }
}

/// An operation being described, with the schemas of the types it names.
struct Op {
    method: HttpMethod,
    operation: OperationBuilder,
    schemas: Vec<(String, RefOr<Schema>)>,
}

fn get(summary: &str) -> Op {
    Op::new(HttpMethod::Get, summary)
}

fn post(summary: &str) -> Op {
    Op::new(HttpMethod::Post, summary)
}

fn put(summary: &str) -> Op {
    Op::new(HttpMethod::Put, summary)
}

fn patch(summary: &str) -> Op {
    Op::new(HttpMethod::Patch, summary)
}

fn delete(summary: &str) -> Op {
    Op::new(HttpMethod::Delete, summary)
}

impl Op {
    fn new(method: HttpMethod, summary: &str) -> Op {
        Op {
            method,
            operation: OperationBuilder::new().summary(Some(summary)),
            schemas: Vec::new(),
        }
    }

    fn about(mut self, description: &str) -> Op {
        self.operation = self.operation.description(Some(description));
        self
    }

    /// Needs a seat (or organiser) token.
    fn seat(self) -> Op {
        self.secured_by("seatToken")
    }

    /// Needs a signed-in session (the cookie).
    fn signed_in(self) -> Op {
        self.secured_by("session")
    }

    /// The route's `{name}`.
    fn name(mut self) -> Op {
        let name = ParameterBuilder::new()
            .name("name")
            .parameter_in(ParameterIn::Path)
            .required(Required::True)
            .schema(Some(text()));
        self.operation = self.operation.parameter(name);
        self
    }

    /// Needs a bot account's token.
    fn bot(self) -> Op {
        self.secured_by("botToken")
    }

    fn secured_by(mut self, scheme: &str) -> Op {
        let requirement = SecurityRequirement::new(scheme, Vec::<String>::new());
        self.operation = self.operation.security(requirement);
        self
    }

    /// The route's `{id}`.
    fn id(mut self) -> Op {
        let id = ParameterBuilder::new()
            .name("id")
            .parameter_in(ParameterIn::Path)
            .required(Required::True)
            .schema(Some(text()));
        self.operation = self.operation.parameter(id);
        self
    }

    fn params<P: IntoParams>(mut self) -> Op {
        for parameter in P::into_params(|| Some(ParameterIn::Query)) {
            self.operation = self.operation.parameter(parameter);
        }
        self
    }

    /// A JSON body of type `T`.
    fn body<T: ToSchema>(mut self) -> Op {
        let schema = self.reference::<T>();
        self.with_body("application/json", schema)
    }

    /// A text body.
    fn text_body(self) -> Op {
        self.with_body("text/plain", text())
    }

    fn with_body(mut self, content_type: &str, schema: RefOr<Schema>) -> Op {
        let body = RequestBodyBuilder::new()
            .required(Some(Required::True))
            .content(
                content_type,
                ContentBuilder::new().schema(Some(schema)).build(),
            )
            .build();
        self.operation = self.operation.request_body(Some(body));
        self
    }

    /// An answer of type `T`, as JSON.
    fn answer<T: ToSchema>(mut self, status: u16, description: &str) -> Op {
        let schema = self.reference::<T>();
        self.with_answer(status, description, Some(("application/json", schema)))
    }

    /// An answer that is a stream of `T`s, one JSON a line.
    fn stream<T: ToSchema>(mut self, status: u16, description: &str) -> Op {
        let schema = self.reference::<T>();
        self.with_answer(status, description, Some(("application/x-ndjson", schema)))
    }

    /// A JSON object whose fields the document does not list.
    fn free_answer(self, status: u16, description: &str) -> Op {
        let object = ObjectBuilder::new().schema_type(Type::Object).build();
        let schema = RefOr::T(Schema::Object(object));
        self.with_answer(status, description, Some(("application/json", schema)))
    }

    /// An answer that is a `T` as JSON, or text of `content_type` when the
    /// query asks for it.
    fn answer_or_text<T: ToSchema>(
        mut self,
        status: u16,
        description: &str,
        content_type: &str,
    ) -> Op {
        let schema = self.reference::<T>();
        let response = ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(schema)).build(),
            )
            .content(
                content_type,
                ContentBuilder::new().schema(Some(text())).build(),
            );
        self.operation = self
            .operation
            .response(status.to_string(), response.build());
        self
    }

    /// An answer in text of `content_type`.
    fn text_answer(self, status: u16, description: &str, content_type: &str) -> Op {
        self.with_answer(status, description, Some((content_type, text())))
    }

    /// An answer without a body.
    fn bare(self, status: u16, description: &str) -> Op {
        self.with_answer(status, description, None)
    }

    /// A refusal: the [`ErrorBody`].
    fn refusal(self, status: u16, description: &str) -> Op {
        self.answer::<ErrorBody>(status, description)
    }

    fn with_answer(
        mut self,
        status: u16,
        description: &str,
        content: Option<(&str, RefOr<Schema>)>,
    ) -> Op {
        let mut response = ResponseBuilder::new().description(description);
        if let Some((content_type, schema)) = content {
            response = response.content(
                content_type,
                ContentBuilder::new().schema(Some(schema)).build(),
            );
        }
        self.operation = self
            .operation
            .response(status.to_string(), response.build());
        self
    }

    /// A reference to `T`'s schema, which the document then holds with the
    /// schemas `T`'s own refer to.
    fn reference<T: ToSchema>(&mut self) -> RefOr<Schema> {
        self.schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(&mut self.schemas);
        RefOr::Ref(Ref::from_schema_name(T::name()))
    }
}

fn text() -> RefOr<Schema> {
    RefOr::T(Schema::Object(
        ObjectBuilder::new().schema_type(Type::String).build(),
    ))
}

/// The routes of no game kind: health, this document, the live socket.
fn general(doc: &mut Document) {
    doc.route(
        "/api/health",
        get("Liveness, games held in memory, games watched by live sockets")
            .answer::<Health>(200, "ok"),
    );
    doc.route(
        "/api/openapi.json",
        get("This document").free_answer(200, "OpenAPI 3.1"),
    );
    doc.route(
        "/api/games/{id}/ws",
        get("Live updates of a game, match or tournament (WebSocket)")
            .about("Server messages (JSON, `type` tag): `snapshot {seq, state}` first when no `after` is given; `event {seq, at_ms, event, state}` for every event, numbered from 1, with the state right after it (Guard & Towers live states leave out the move list and carry `ply`); `pong`; `error {message}`. Client messages: `{\"type\":\"ping\"}`, `{\"type\":\"resume\",\"after\":N}`. Reconnect with `?after=N` (the last seq seen) to get exactly the missed events.")
            .id()
            .params::<LiveQuery>()
            .bare(101, "Switching to the WebSocket protocol")
            .refusal(400, "Not a WebSocket upgrade, or a malformed `after`")
            .refusal(404, NO_GAME),
    );
}

/// Guard & Towers: games, analysis, positions, contest logs, puzzles.
fn guard_and_towers(doc: &mut Document) {
    doc.route(
        "/api/gt/games",
        post("Create a Guard & Towers game")
            .about("A rated game (`rated: true`) is created signed in (the session cookie) under the account's own name; a casual seat may not take an account's name or a look-alike of a taken one. Against the engine (`opponent: engine`, the creator's `color`, engine `level` 1-10), against a friend who joins with the game's invitation secret (`friend`: the answer's `invite` goes into the link sent), against anyone from the lobby (`public`: a public challenge, listed by `GET /api/gt/games?status=waiting`), or engine against engine (`engines`, `levels` [red, blue]). The creator of a human game gets its seat token. Against a bot account (`bot`, its name in `bot`; 404 when there is none): the bot takes the other seat and hears of the game on its event stream.")
            .body::<CreateGame>()
            .answer::<SeatGranted>(201, "Created")
            .refusal(400, NOT_JSON)
            .refusal(401, "A rated game asked for without a signed-in session (a rated game is played under the account's own name)")
            .refusal(403, CROSS_SITE)
            .refusal(404, "No bot account of that name")
            .refusal(413, TOO_LARGE)
            .refusal(422, REFUSED)
            .refusal(429, "Rate limit"),
    );
    doc.route(
        "/api/gt/games",
        get("List games (the archive by default; status=waiting is the lobby: public challenges only)")
            .params::<ListQuery>()
            .answer::<GameList>(200, "Most recently updated first")
            .refusal(400, MALFORMED),
    );
    doc.route(
        "/api/gt/games/{id}",
        get("The state of a game (anyone may watch)")
            .id()
            .answer::<GtState>(200, "State")
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/gt/games/{id}/join",
        post("Take the free seat of a game")
            .about("A friend game seats only the holder of its invitation secret (`invite`, from the link); a public challenge anyone.")
            .id()
            .body::<JoinRequest>()
            .answer::<SeatGranted>(200, "Seated")
            .refusal(400, NOT_JSON)
            .refusal(401, "A rated game joined without a signed-in session")
            .refusal(403, "A friend game joined without its invitation secret, or with a wrong one")
            .refusal(404, NO_GAME)
            .refusal(409, "Seat taken, or the game changed meanwhile")
            .refusal(422, REFUSED),
    );
    doc.route(
        "/api/gt/games/{id}/moves",
        post("Make a move for the token's seat")
            .about("Committed to the database before the answer. A move after the clock ran out records the time forfeit and answers 422.")
            .seat()
            .id()
            .body::<MoveRequest>()
            .answer::<GtState>(200, "The state after the move")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, NO_SEAT)
            .refusal(404, NO_GAME)
            .refusal(409, "Seat taken, or the game changed meanwhile")
            .refusal(413, TOO_LARGE)
            .refusal(422, &refused_or("the rules refuse it")),
    );
    doc.route(
        "/api/gt/games/{id}/resign",
        post("Resign the token's seat")
            .seat()
            .id()
            .answer::<GtState>(200, "Finished")
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, NO_SEAT)
            .refusal(404, NO_GAME)
            .refusal(422, "The rules refuse it"),
    );
    doc.route(
        "/api/gt/games/{id}/draw",
        post("Offer, accept or decline a draw")
            .seat()
            .id()
            .body::<OfferRequest>()
            .answer::<GtState>(200, "State")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, NO_SEAT)
            .refusal(404, NO_GAME)
            .refusal(422, &refused_or("the rules refuse it")),
    );
    doc.route(
        "/api/gt/games/{id}/rematch",
        post("Offer, accept or decline a rematch of a finished game")
            .about("Between two people only. An offer answers the offerer's own seat and token for the return game (kept by the offerer; the server keeps only its hash); the other seat sees the offer live (`rematch` in the state, event `rematch_offered`) and accepts or declines it. An acceptance (or an offer while the other's is open) creates the return game with both seats taken, colours swapped, and answers its `game`, the acceptor's `seat` and `token`; the state's `rematch` then names the game for both pages.")
            .seat()
            .id()
            .body::<OfferRequest>()
            .answer::<RematchAnswer>(200, "The finished game's state, and for an offer or acceptance the asker's seat and token in the return game")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, NO_SEAT)
            .refusal(404, NO_GAME)
            .refusal(409, "The game is not over, or its rematch was already agreed")
            .refusal(422, &refused_or("no offer to answer, an offer already open, or an opponent who is not a person (engine, bot)")),
    );
    doc.route(
        "/api/gt/games/{id}/record",
        get("The game in the arena's record format (docs/game-record.md)")
            .id()
            .text_answer(200, "Record", "text/plain")
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/gt/analysis",
        post("Evaluate a position")
            .about("Runs the engine for `movetime_ms` (default 1000, at most 10000) in the engine pool.")
            .body::<AnalysisRequest>()
            .answer::<Analysis>(200, "Best move, score and principal variation, or the result of a finished position")
            .refusal(400, NOT_JSON)
            .refusal(413, TOO_LARGE)
            .refusal(422, REFUSED),
    );
    doc.route(
        "/api/gt/games/{id}/positions",
        get("The position before the first move and after each move")
            .id()
            .answer::<Positions>(200, "Positions in notation")
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/gt/position",
        post("A position's legal moves, with no game behind it")
            .about("Whose move it is, the legal moves and, for a decided position, the rules' verdict (the lesson's boards use it). With `move`, all that for the position after the move; an illegal move is 422 with the reason.")
            .body::<PositionRequest>()
            .answer::<PositionInfo>(200, "The position")
            .refusal(400, NOT_JSON)
            .refusal(422, &refused_or("the move is not legal in the position")),
    );
    doc.route(
        "/api/gt/course-logs",
        post("Import a log of the course's contest server into the archive")
            .about("The body is the text of one log of the course's contest server (`server_contest.py`): `Spieler Rot: NAME`, `Spieler Blau: NAME`, then each move line (`Red move: D7-D6-1   ---  time left: 119811`) with the board after it, and the server's closing `Game finished REASON, win: r|b` if the game had one. Every move is replayed under the course rules and every logged board checked; lines out of turn (the server ignored them: the board is unchanged) are left out and listed. The game is stored as a finished course game: the board's result, else the server's verdict (`Timeout`: a time forfeit, `Invalid Move`: an illegal move), else `*` (the log ends without a verdict). A log that cannot be read is 400 with the line and why.")
            .text_body()
            .answer::<CourseLogImported>(201, "Imported")
            .refusal(400, "Not a contest log: the line and why, e.g. `not a contest log: line 7: the logged board … is not the replay's …`")
            .refusal(413, "A log over 1 MiB")
            .refusal(429, "Too many requests"),
    );
    doc.route(
        "/api/gt/puzzles",
        get("How many puzzles there are, by goal and by theme")
            .about("Puzzles retired from the set (no longer in the server's set; their attempts stay) are not counted.")
            .answer::<PuzzleCounts>(
                200,
                "The counts (a puzzle counts once for each of its themes)",
            ),
    );
    doc.route(
        "/api/gt/puzzles/next",
        get("The next puzzle for a solver")
            .about("Drawn from the puzzles nearest the solver's rating that it has not tried, of one theme when `theme` is given. The solver is a signed-in account, else the X-Solver token, else the `solver` cookie; a request with none of them gets a new random token as that cookie (Set-Cookie: solver=…; HttpOnly; SameSite=Lax; Path=/api/gt/puzzles), so a client that keeps cookies meets new puzzles.")
            .params::<NextQuery>()
            .params::<Solver>()
            .answer::<Puzzle>(200, "A puzzle")
            .refusal(400, "An X-Solver header that is no solver token, or a theme that is none (`puzzle.unknown-theme` with `theme`)")
            .refusal(404, "No puzzle (of the theme asked for) is stored"),
    );
    doc.route(
        "/api/gt/puzzles/results",
        get("A solver's results, by theme")
            .about("Its first complete attempts (the rated ones), solved and failed, in all and for each theme, puzzles retired from the set included. The solver as for the next puzzle (no cookie is given here); without one, all nought.")
            .params::<Solver>()
            .answer::<PuzzleResults>(200, "The results")
            .refusal(400, "An X-Solver header that is no solver token"),
    );
    doc.route(
        "/api/gt/puzzles/{id}/attempts",
        post("An attempt at a puzzle: the solver's moves so far")
            .about("Checked move by move: while right and unfinished, the opponent's reply; when over (a wrong move, or the winning one), the solution, and for the solver's first complete attempt new Glicko-2 ratings for both.")
            .params::<PuzzlePath>()
            .params::<Solver>()
            .body::<AttemptRequest>()
            .answer::<PuzzleAttempt>(200, "How the attempt stands")
            .refusal(400, "A body that is no JSON, or an X-Solver header that is no solver token")
            .refusal(404, "No such puzzle")
            .refusal(409, "The puzzle's rating kept changing under the attempt")
            .refusal(422, "No moves, more than 16, a text that is no move, or moves after the solving one"),
    );
}

/// Kubb: refereed matches and their simulations.
fn kubb(doc: &mut Document) {
    doc.route(
        "/api/kubb/matches",
        post("Create a refereed Kubb match")
            .about("Returns the referee token that posts events.")
            .body::<CreateMatch>()
            .answer::<MatchCreated>(201, "Created")
            .refusal(400, NOT_JSON)
            .refusal(413, TOO_LARGE)
            .refusal(
                422,
                &refused_or("the rules refuse the match (both teams with one name)"),
            ),
    );
    doc.route(
        "/api/kubb/matches",
        get("List matches")
            .params::<ListQuery>()
            .answer::<GameList>(200, "Matches")
            .refusal(
                400,
                "A malformed query (an unknown status, a limit not from 1 to 500)",
            ),
    );
    doc.route(
        "/api/kubb/matches/{id}",
        get("The live state of a match")
            .id()
            .answer::<KubbState>(200, "State")
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/kubb/matches/{id}/events",
        post("Record a referee event")
            .about("The event is a Kubb event as in the JSON-lines log (docs/kubb.md), e.g. `{\"event\":\"stick\",\"player\":\"ann\",\"outcome\":\"miss\"}`. The rules engine refuses illegal events with its plain-words reason (422). With `seq` (the number the event is to have: the match's `seq` plus one when it was entered) resending is safe: an event already recorded under that number is answered with the match as it is, changing nothing; a different event under that number, or a number beyond the next, is 409. A phone that scored offline sends its queue in order this way. The token may be the referee's or a team link's: a team's phone enters what its team decides now (its turn's inkasts, rescues and sticks; its placements) and the starting throw and the next game; anything else is 403 with the reason. A new stick entry of a hit that names nothing is 422 (enter a miss).")
            .seat()
            .id()
            .body::<EventRequest>()
            .answer::<KubbState>(200, "State after the event")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, "The token holds no seat in this game, or is a team link's and the entry is not its team's to make")
            .refusal(404, NO_GAME)
            .refusal(409, "Event `seq` is recorded as a different event, or events before it are missing")
            .refusal(422, &refused_or("the rules refuse it")),
    );
    doc.route(
        "/api/kubb/matches/{id}/events",
        get("The events in force")
            .about("The referee events in force (undone ones left out), in order, with the ruleset and tournament settings they are played under and the match's `seq`: what the scorekeeper's rules on the phone (web/kubb-rules.js) replay to keep score offline.")
            .id()
            .answer::<KubbRecord>(200, "The events in force")
            .refusal(404, NO_MATCH),
    );
    doc.route(
        "/api/kubb/matches/{id}/undo",
        post("Take back the last event in force")
            .about("Takes back the last entry in force; never the setup (teams and players): with no entry since, 422.")
            .seat()
            .id()
            .answer::<KubbState>(200, "State")
            .refusal(401, NO_SEAT_TOKEN)
            .refusal(403, "The token holds no seat in this game, or is a team link's: only the referee takes entries back")
            .refusal(404, NO_GAME)
            .refusal(422, "Nothing to undo since the setup"),
    );
    doc.route(
        "/api/kubb/matches/{id}/stats",
        get("Per-player statistics")
            .about("JSON: `players` (by name) and `measures` (`players` and `teams` rows with the community's measures, docs/kubb.md); `format=csv`: the same rows as CSV.")
            .id()
            .params::<StatsQuery>()
            .answer_or_text::<MatchStats>(200, "Statistics by player name, or their rows as CSV", "text/csv")
            .refusal(400, "A malformed query (an unknown or repeated format)")
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/kubb/matches/{id}/export",
        get("Export the match")
            .id()
            .params::<ExportQuery>()
            .text_answer(200, "The JSON-lines event log, Planet Kubb text notation (one record per game, each with its rules header) or the notation's JSON array (one game only; a longer match is 422)", "text/plain")
            .refusal(400, MALFORMED)
            .refusal(404, NO_GAME)
            .refusal(422, "The rules refuse it"),
    );
    doc.route(
        "/api/kubb/matches/{id}/probability",
        get("Each team's chance to win from the current state")
            .about("Heuristic play-outs of the simulator (ChaCha8Rng, play-out i on stream i of `seed`).")
            .id()
            .params::<ProbabilityQuery>()
            .answer::<Probability>(200, "Probabilities")
            .refusal(400, MALFORMED)
            .refusal(404, NO_GAME),
    );
    doc.route(
        "/api/kubb/matches/{id}/advice",
        get("The best next decision of the team to act, with its gain over the heuristic's choice")
            .about("Monte Carlo over every candidate decision (inkast aim, placement, stick target), common random numbers, heuristic play-outs (`games` per candidate, default 500, at most 2000).")
            .id()
            .params::<AdviceQuery>()
            .answer::<Advice>(200, "Advice")
            .refusal(400, "Bad skill")
            .refusal(404, NO_MATCH),
    );
    doc.route(
        "/api/kubb/matches/{id}/confirm",
        post("Agree with the result, or dispute it")
            .about("Once the match is over, each team's phone (its team link's token) says whether it agrees with the result; both agreeing confirm it, one disagreeing disputes it, and the referee's word (the referee's token) settles it. Any later entry or undo clears them. For the ratings (`result_confirmation.rating`: `unrated`, `unconfirmed`, `counted`), a rated match counts once each team has agreed signed in (the session cookie) as one of its players, from the team's phone or, without a token, from the player's own; a player who is an account is rated only once they agreed themselves.")
            .seat()
            .signed_in()
            .id()
            .body::<ConfirmRequest>()
            .answer::<KubbState>(200, "State with the confirmations")
            .refusal(400, NOT_JSON)
            .refusal(401, "Neither a seat token nor a signed-in player of the match")
            .refusal(403, "The token holds no seat in this match, a signed-in account plays for neither team, or a cross-site request with the session")
            .refusal(404, NO_MATCH)
            .refusal(422, &refused_or("the match is not over")),
    );
}

/// Tournaments of either game.
fn tournaments(doc: &mut Document) {
    doc.route(
        "/api/tournaments",
        post("Create a tournament")
            .about("Returns the organiser's token, which every change needs. Created signed in (the session cookie), it is owned by that account and its results are rated; created with no session, it is played the same but counts for no rating (`rated: false`).")
            .body::<CreateTournament>()
            .answer::<TournamentCreated>(201, "Created")
            .refusal(400, NOT_JSON)
            .refusal(413, TOO_LARGE)
            .refusal(422, REFUSED),
    );
    doc.route(
        "/api/tournaments",
        get("List tournaments")
            .params::<ListQuery>()
            .answer::<GameList>(200, "Tournaments")
            .refusal(400, MALFORMED),
    );
    doc.route(
        "/api/tournaments/{id}",
        get("A tournament: entrants, rounds with their games, standings, crosstable")
            .id()
            .answer::<TournamentState>(200, "The tournament")
            .refusal(404, NO_TOURNAMENT),
    );
    doc.route(
        "/api/tournaments/{id}/entrants",
        post("Register an entrant (organiser)")
            .about("Entrants are seeded in the order registered. A Kubb team may name its players (at most 6). With `bot: true` the entrant is the bot account of that name (Guard & Towers; 404 when no bot has it): its games seat it by its account token, and the organiser is given no token for its seats.")
            .seat()
            .id()
            .body::<EntrantRequest>()
            .answer::<TournamentState>(200, "The tournament")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, &refused_or("the tournament refuses it (a duplicate, a round still open, no such pairing, ...)")),
    );
    doc.route(
        "/api/tournaments/{id}/withdrawals",
        post("Withdraw an entrant (organiser)")
            .seat()
            .id()
            .body::<WithdrawalRequest>()
            .answer::<TournamentState>(200, "The tournament")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, &refused_or("the tournament refuses it (a duplicate, a round still open, no such pairing, ...)")),
    );
    doc.route(
        "/api/tournaments/{id}/rounds",
        post("Pair and start the next round (organiser)")
            .about("Creates each pairing's Guard & Towers game (first named plays Red, both seats taken) or Kubb match (first named is team A) and returns their seat tokens. A game's result goes into the tournament when it ends.")
            .seat()
            .id()
            .answer::<RoundStarted>(201, "The round")
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, "The tournament refuses it (a duplicate, a round still open, no such pairing, ...)"),
    );
    doc.route(
        "/api/tournaments/{id}/games",
        get("Every game of the tournament with its seat tokens (organiser)")
            .seat()
            .id()
            .answer::<TournamentGames>(200, "The games")
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT),
    );
    doc.route(
        "/api/tournaments/{id}/results",
        post("Record or correct a result (organiser)")
            .about("The score is from `first`'s side: games won for Kubb (`2-1`), points for Guard & Towers (`1-0`, `0.5-0.5`). Without `round`, the latest round in which the two meet. A pairing with a result gets a correction.")
            .seat()
            .id()
            .body::<ResultRequest>()
            .answer::<TournamentState>(200, "The tournament")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, &refused_or("the tournament refuses it (a duplicate, a round still open, no such pairing, ...)")),
    );
    doc.route(
        "/api/tournaments/{id}/pitches",
        get("The pitches, each with the pairing on it now")
            .id()
            .answer::<Pitches>(200, "The pitches, in the order they are given out")
            .refusal(404, NO_TOURNAMENT),
    );
    doc.route(
        "/api/tournaments/{id}/pitches",
        put("Set the pitches (organiser)")
            .about("Every pitch, in the order they are given out. As soon as a pairing's teams are both free it is called to the first free pitch in play, in the order of the pairings; a finished match frees its pitch at once. A pitch taken out of play (`in_play: false`) or left out keeps the match on it and gets no new one. Names follow the one rule of names; look-alikes are one pitch (422).")
            .seat()
            .id()
            .body::<SetPitches>()
            .answer::<Pitches>(200, "The pitches, with the calls this made")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, &refused_or("a pitch's name breaks the rule of names, two pitches look alike, or there are more than 500")),
    );
    doc.route(
        "/api/tournaments/{id}/starts",
        post("Mark a pairing's match started (organiser)")
            .about("A waiting or called pairing becomes playing now. A match's first event entered does this by itself.")
            .seat()
            .id()
            .body::<StartRequest>()
            .answer::<TournamentState>(200, "The tournament")
            .refusal(400, NOT_JSON)
            .refusal(401, NO_TOKEN)
            .refusal(403, NOT_ORGANISER)
            .refusal(404, NO_TOURNAMENT)
            .refusal(422, &refused_or("no such pairing, or it is already playing or finished")),
    );
    doc.route(
        "/api/tournaments/{id}/bracket",
        get("The knockout bracket as SVG")
            .id()
            .text_answer(200, "An SVG drawing", "image/svg+xml")
            .refusal(404, "No such tournament, or no knockout round yet"),
    );
    doc.route(
        "/api/tournaments/{id}/export",
        get("The pairings or the standings as CSV")
            .id()
            .params::<TableQuery>()
            .text_answer(200, "CSV (see docs/tournament.md)", "text/csv")
            .refusal(400, MALFORMED)
            .refusal(404, NO_TOURNAMENT),
    );
}

const NOT_SIGNED_IN: &str = "Not signed in (no session cookie, or one that has ended)";
const CROSS_SITE: &str = "A write from another site's page with the session cookie";
const NAME_RULE: &str = "A name that breaks the rule of names (1-40 characters, no control, formatting or unassigned characters), or one that is taken or too like a taken one (compared case-insensitively by confusable skeleton, Unicode TR39), said in words";

/// Accounts, sessions and passkeys.
fn accounts(doc: &mut Document) {
    doc.route(
        "/api/accounts",
        post("Sign up")
            .about("A new account under `name`, signed in at once (the answer sets the session cookie). With a `password` it signs in with it too; without, the page adds a passkey next (`POST /api/passkeys/register`). Names with rated results from before accounts are `unclaimed`: nobody signs up under them or a look-alike of them (an administrator hands such a history to an account: `towers admin accounts link`).")
            .body::<SignUp>()
            .answer::<AccountView>(201, "Signed up and in")
            .refusal(400, NOT_JSON)
            .refusal(403, CROSS_SITE)
            .refusal(422, &refused_or(NAME_RULE))
            .refusal(429, "Rate limit"),
    );
    doc.route(
        "/api/session",
        post("Sign in with a name and a password")
            .about("A wrong name and a wrong password are the same 401, answered in comparable time. After 10 failures in 10 minutes for one account or from one client, 429 with Retry-After.")
            .body::<SignIn>()
            .answer::<AccountView>(200, "Signed in (the answer sets the session cookie)")
            .refusal(400, NOT_JSON)
            .refusal(401, "Wrong name or password, or a disabled account")
            .refusal(403, CROSS_SITE)
            .refusal(422, REFUSED)
            .refusal(429, "Too many failed sign-ins: wait for Retry-After seconds"),
    );
    doc.route(
        "/api/session",
        get("Who is signed in: the account with its passkeys, sessions and bots")
            .signed_in()
            .answer::<AccountView>(200, "The account")
            .refusal(401, NOT_SIGNED_IN),
    );
    doc.route(
        "/api/session",
        delete("Sign out (ends this session)")
            .signed_in()
            .bare(204, "Signed out")
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE),
    );
    doc.route(
        "/api/account/sessions/{id}",
        delete("End one of the account's sessions (its `id` from the account)")
            .signed_in()
            .id()
            .bare(204, "Ended")
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(404, "No such session of this account"),
    );
    doc.route(
        "/api/account/password",
        put("Set or change the account's password")
            .signed_in()
            .body::<PasswordChange>()
            .answer::<AccountView>(200, "The account")
            .refusal(400, NOT_JSON)
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(
                422,
                &refused_or("a password under 8 or over 256 characters"),
            ),
    );
    doc.route(
        "/api/passkeys/register",
        post("Start adding a passkey")
            .about("Signed in: a passkey for this account. With `reset` (the one-time link an administrator's reset printed): a passkey for that account, which then signs in. The options ask for a discoverable credential, so that signing in needs no name.")
            .signed_in()
            .body::<PasskeyStart>()
            .answer::<Ceremony>(200, "The ceremony and the options for navigator.credentials.create")
            .refusal(400, NOT_JSON)
            .refusal(401, "Not signed in, and no valid reset link")
            .refusal(403, CROSS_SITE)
            .refusal(422, REFUSED),
    );
    doc.route(
        "/api/passkeys/register/finish",
        post("Finish adding a passkey")
            .body::<PasskeyFinish>()
            .answer::<PasskeyView>(
                201,
                "The new passkey (after a reset link, the answer also signs in)",
            )
            .refusal(400, NOT_JSON)
            .refusal(403, CROSS_SITE)
            .refusal(
                422,
                &refused_or(
                    "an unknown or finished ceremony, or a credential that does not verify",
                ),
            ),
    );
    doc.route(
        "/api/passkeys/sign-in",
        post("Start signing in with a passkey (no name needed)")
            .answer::<Ceremony>(
                200,
                "The ceremony and the options for navigator.credentials.get",
            )
            .refusal(403, CROSS_SITE),
    );
    doc.route(
        "/api/passkeys/sign-in/finish",
        post("Finish signing in with a passkey")
            .body::<PasskeyFinish>()
            .answer::<AccountView>(200, "Signed in (the answer sets the session cookie)")
            .refusal(400, NOT_JSON)
            .refusal(
                401,
                "A passkey of no account, one that does not verify, or a disabled account",
            )
            .refusal(403, CROSS_SITE)
            .refusal(422, &refused_or("an unknown or finished ceremony"))
            .refusal(
                429,
                "Too many failed sign-ins: wait for Retry-After seconds",
            ),
    );
    doc.route(
        "/api/passkeys/{id}",
        patch("Rename one of the account's passkeys")
            .signed_in()
            .id()
            .body::<PasskeyLabel>()
            .answer::<PasskeyView>(200, "The passkey")
            .refusal(400, NOT_JSON)
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(404, "No such passkey of this account")
            .refusal(422, REFUSED),
    );
    doc.route(
        "/api/passkeys/{id}",
        delete("Remove one of the account's passkeys")
            .signed_in()
            .id()
            .bare(204, "Removed")
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(404, "No such passkey of this account")
            .refusal(
                409,
                "The account's last way in (no password, no other passkey)",
            ),
    );
}

/// Bot accounts, the leaderboard and player pages.
fn accounts_and_ratings(doc: &mut Document) {
    doc.route(
        "/api/ratings",
        get("Glicko-2 leaderboard of a game from every rated result")
            .about("Every finished rated game or match and every tournament result (a correction in the place of the result it corrects), in the order committed, each its own rating period for its players only. Guard & Towers players and Kubb teams are rated by name (`of=entrants`); Kubb teams' players (`of=players`) each against the opposing team as one composite opponent. A tournament's games count through its results.")
            .params::<LeaderboardQuery>()
            .answer::<Leaderboard>(200, "The leaderboard")
            .refusal(400, MALFORMED),
    );
    doc.route(
        "/api/bots",
        post("Register a bot account (signed in: the account owns it)")
            .about("An engine's account, for `towers bot`, owned by the signed-in account, which lists it and revokes its token. The name is an entrant name (no control characters, no ' - ', not 'bye') held to the server's one rule for names. The token is shown once; the server keeps its SHA-256.")
            .signed_in()
            .body::<BotRegistration>()
            .answer::<BotRegistered>(201, "The account and its token")
            .refusal(400, NOT_JSON)
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(409, "A bot of that name is registered already")
            .refusal(422, &refused_or(NAME_RULE)),
    );
    doc.route(
        "/api/bots",
        get("The signed-in account's bots")
            .signed_in()
            .answer::<OwnedBots>(200, "The bots")
            .refusal(401, NOT_SIGNED_IN),
    );
    doc.route(
        "/api/bots/{name}/token",
        post("Give one of the account's bots a new token (the old one stops working, in its ongoing games too)")
            .signed_in()
            .name()
            .answer::<BotRegistered>(200, "The bot and its new token")
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(404, "No bot of that name owned by this account"),
    );
    doc.route(
        "/api/bots/{name}/token",
        delete("Revoke one of the account's bots' token, without a new one")
            .signed_in()
            .name()
            .bare(204, "Revoked")
            .refusal(401, NOT_SIGNED_IN)
            .refusal(403, CROSS_SITE)
            .refusal(404, "No bot of that name owned by this account"),
    );
    doc.route(
        "/api/bots/account",
        get("The bot account of a token")
            .bot()
            .answer::<BotAccount>(200, "The account")
            .refusal(401, "No token, or one that is no bot account's"),
    );
    doc.route(
        "/api/bots/stream",
        get("The bot's event stream (NDJSON)")
            .about("One JSON event a line, an empty line as keep-alive every 5 s; it ends when the server shuts down (connect again). It begins with a `game_started` for every ongoing game of the bot (at most 64), then announces each game that seats the bot (`game_started`: `game`, `color`) and each announced game that ends (`game_finished`: `game`). The bot plays with its account token as the seat token: `POST /api/gt/games/{id}/moves`, live over `/api/games/{id}/ws`. An account holds at most 2 streams at once.")
            .bot()
            .stream::<BotEvent>(200, "The stream")
            .refusal(401, "No token, or one that is no bot account's")
            .refusal(429, "The account holds its 2 streams already"),
    );
    doc.route(
        "/api/players/{game}/{name}",
        get("A player's (or Kubb team's) rating, record, statistics and history")
            .about("The rating now and after each rated result, oldest first, with the opponent, the outcome and where it was played.")
            .params::<PlayerPath>()
            .params::<PlayerQuery>()
            .answer::<PlayerPage>(200, "The player's page")
            .refusal(400, "A name with a control character or over 80 characters, or an unknown `of`")
            .refusal(404, "An unknown game, or no rated result under that name"),
    );
}

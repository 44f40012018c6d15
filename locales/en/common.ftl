# What every page shares: the header, the language switch, the connection
# banner, the account link and the "not found" card.

language-switch =
    .aria-label = Language

offline-nothing-sent = No connection to the server: nothing was sent. Try again when the connection is back.
connection-offline = Offline: no connection. Retrying…
connection-reconnecting = Reconnecting to the server…
connection-back = Back online.

account-sign-in = Sign in
    .aria-label = Sign in or sign up
account-signed-in = { $name }
    .aria-label = Your account: signed in as { $name }

missing-title = { $what ->
    [match] No match here
    [tournament] No tournament here
   *[game] No game here
}
missing-id = { $what ->
    [match] There is no match with the id “{ $id }”. The link may be cut short or mistyped, or the match was never stored on this server.
    [tournament] There is no tournament with the id “{ $id }”. The link may be cut short or mistyped, or the tournament was never stored on this server.
   *[game] There is no game with the id “{ $id }”. The link may be cut short or mistyped, or the game was never stored on this server.
}
missing-no-id = { $what ->
    [match] The address has no match id.
    [tournament] The address has no tournament id.
   *[game] The address has no game id.
}
missing-new-game = Start a new game
missing-learn = Learn the rules

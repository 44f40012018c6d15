# Wat alle pagina's delen: de kop, de taalkeuze, de verbindingsmelding,
# de accountlink en de kaart "niet gevonden".

language-switch =
    .aria-label = Taal

offline-nothing-sent = Geen verbinding met de server: er is niets verstuurd. Probeer het opnieuw zodra de verbinding terug is.
connection-offline = Offline: geen verbinding. Opnieuw proberen…
connection-reconnecting = Opnieuw verbinden met de server…
connection-back = Weer online.

account-sign-in = Inloggen
    .aria-label = Inloggen of registreren
account-signed-in = { $name }
    .aria-label = Je account: ingelogd als { $name }

missing-title = { $what ->
    [match] Geen wedstrijd gevonden
    [tournament] Geen toernooi gevonden
   *[game] Geen partij gevonden
}
missing-id = { $what ->
    [match] Er is geen wedstrijd met de id “{ $id }”. De link is misschien afgekapt of verkeerd overgenomen, of de wedstrijd is nooit op deze server opgeslagen.
    [tournament] Er is geen toernooi met de id “{ $id }”. De link is misschien afgekapt of verkeerd overgenomen, of het toernooi is nooit op deze server opgeslagen.
   *[game] Er is geen partij met de id “{ $id }”. De link is misschien afgekapt of verkeerd overgenomen, of de partij is nooit op deze server opgeslagen.
}
missing-no-id = { $what ->
    [match] Het adres bevat geen wedstrijd-id.
    [tournament] Het adres bevat geen toernooi-id.
   *[game] Het adres bevat geen partij-id.
}
missing-new-game = Nieuwe partij beginnen
missing-learn = De regels leren

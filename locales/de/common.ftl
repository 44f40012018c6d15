# Was alle Seiten teilen: Kopfzeile, Sprachwahl, Verbindungshinweis,
# Konto-Link und die Karte „nicht gefunden“.

language-switch =
    .aria-label = Sprache

offline-nothing-sent = Keine Verbindung zum Server: Es wurde nichts gesendet. Versuche es erneut, sobald die Verbindung wieder steht.
connection-offline = Offline: keine Verbindung. Neuer Versuch läuft…
connection-reconnecting = Verbindung zum Server wird wiederhergestellt…
connection-back = Wieder online.

account-sign-in = Anmelden
    .aria-label = Anmelden oder registrieren
account-signed-in = { $name }
    .aria-label = Dein Konto: angemeldet als { $name }

missing-title = { $what ->
    [match] Kein Match gefunden
    [tournament] Kein Turnier gefunden
   *[game] Keine Partie gefunden
}
missing-id = { $what ->
    [match] Es gibt kein Match mit der Kennung „{ $id }“. Vielleicht ist der Link abgeschnitten oder vertippt, oder das Match wurde nie auf diesem Server gespeichert.
    [tournament] Es gibt kein Turnier mit der Kennung „{ $id }“. Vielleicht ist der Link abgeschnitten oder vertippt, oder das Turnier wurde nie auf diesem Server gespeichert.
   *[game] Es gibt keine Partie mit der Kennung „{ $id }“. Vielleicht ist der Link abgeschnitten oder vertippt, oder die Partie wurde nie auf diesem Server gespeichert.
}
missing-no-id = { $what ->
    [match] Die Adresse enthält keine Match-Kennung.
    [tournament] Die Adresse enthält keine Turnier-Kennung.
   *[game] Die Adresse enthält keine Partie-Kennung.
}
missing-new-game = Neue Partie beginnen
missing-learn = Die Regeln lernen

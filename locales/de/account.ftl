# Die Kontoseite (web/account.html, web/account.js): registrieren und
# anmelden, und angemeldet die Passkeys, das Passwort, die Sitzungen und
# die Bots des Kontos.

account-page-title = Konto — towers
account-header = Konto
account-heading = Dein Konto
account-about = Gewertete Partien, Kubb-Ergebnisse und Bots gehören zu einem Konto, damit niemand unter deinem Namen spielt. Ein Passkey meldet dich mit der Sperre deines Handys oder Computers an: kein Passwort, das du dir merken musst.
account-sign-in-title = Anmelden
account-passkey-sign-in = Mit einem Passkey anmelden
account-password-sign-in = Mit einem Passwort anmelden
account-name-label = Name
account-password-label = Passwort
account-sign-in-button = Anmelden
account-sign-up-title = Neu hier? Registrieren
account-sign-up-name-label = Name (so sehen dich die anderen)
account-sign-up-passkey = Mit einem Passkey registrieren
account-sign-up-password-summary = Kein Passkey auf diesem Gerät? Mit einem Passwort registrieren
account-new-password-label = Passwort (mindestens { $min } Zeichen)
account-sign-up-password = Mit einem Passwort registrieren

account-reset-title = Einen neuen Passkey hinzufügen
account-reset-about = Eine Administratorin oder ein Administrator hat dein Konto zurückgesetzt: Füge auf diesem Gerät einen Passkey hinzu, um dich wieder anzumelden.
account-reset-passkey = Passkey hinzufügen und anmelden
# Die Namen der Passkeys, die beim Registrieren und nach dem Zurücksetzen entstehen.
account-first-passkey = erster Passkey
account-new-passkey = neuer Passkey

account-signed-in-as = Angemeldet als { $name }
account-sign-out = Abmelden
account-passkeys-title = Passkeys
account-no-passkey-yet = Noch kein Passkey: Füge einen hinzu, um dich ohne Passwort anzumelden.
# Ein Passkey: sein Name, wann er hinzugefügt und zuletzt benutzt wurde
# ($used ist "never" für einen nie benutzten).
account-passkey-item = { $name } · hinzugefügt { $added } · zuletzt benutzt { $used ->
    [never] nie
   *[other] { $used }
}
account-passkey-name =
    .aria-label = Name des Passkeys { $name }
account-rename = Umbenennen
account-remove = Entfernen
account-new-passkey-label = Name des neuen Passkeys
account-new-passkey-example =
    .placeholder = mein Handy
account-add-passkey = Passkey hinzufügen
account-password-title = Passwort
account-has-password = Auch ein Passwort meldet dich an.
account-no-password = Kein Passwort: Nur deine Passkeys melden dich an.
account-change-password-label = Neues Passwort (mindestens { $min } Zeichen)
account-save-password = Passwort speichern
account-sessions-title = Wo du angemeldet bist
# Eine Sitzung: der Browser oder das Programm ($name) und seit wann.
account-session = { $name } · seit { $since }
account-session-current = { $name } · seit { $since } · dieser Browser
account-sign-out-there = Dort abmelden
account-bots-title = Deine Bots
account-no-bots = Keine Bots: Registriere einen, um eine Engine mit `towers bot` zu verbinden.
account-new-bot-label = Name eines neuen Bots
account-register-bot = Bot registrieren
account-new-token = Neues Token
account-revoke-token = Token widerrufen
account-bot-token = Token von { $name } (wird nur einmal gezeigt): { $token }

account-signed-in-notice = Angemeldet.
account-signed-out = Abgemeldet.
account-welcome-passkey = Willkommen! Ab jetzt meldet dich dein Passkey an.
account-welcome = Willkommen! Du bist angemeldet.
account-reset-done = Dein neuer Passkey ist hinzugefügt und du bist angemeldet.
account-passkey-added = Passkey { $name } hinzugefügt.
account-passkey-renamed = Passkey umbenannt in { $name }.
account-passkey-removed = Passkey { $name } entfernt.
account-password-saved = Passwort gespeichert.
account-session-ended = Diese Sitzung ist beendet.
account-bot-token-revoked = Das Token von { $name } ist widerrufen: Der Bot spielt nicht mehr, bis du ihm ein neues gibst.
account-no-passkeys-here = Dieser Browser kann keine Passkeys verwenden: Melde dich stattdessen mit einem Passwort an oder registriere dich so.
account-passkey-not-used = Der Passkey wurde nicht verwendet (abgebrochen, oder auf diesem Gerät gibt es keinen für diese Seite).

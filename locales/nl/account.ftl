# De accountpagina (web/account.html, web/account.js): registreren en
# inloggen, en ingelogd de passkeys, het wachtwoord, de sessies en de bots
# van het account.

account-page-title = Account — towers
account-header = Account
account-heading = Je account
account-about = Partijen voor de rating, Kubb-uitslagen en bots horen bij een account, zodat niemand onder jouw naam speelt. Met een passkey log je in met de vergrendeling van je telefoon of computer: geen wachtwoord om te onthouden.
account-sign-in-title = Inloggen
account-passkey-sign-in = Inloggen met een passkey
account-password-sign-in = Inloggen met een wachtwoord
account-name-label = Naam
account-password-label = Wachtwoord
account-sign-in-button = Inloggen
account-sign-up-title = Nieuw hier? Registreer je
account-sign-up-name-label = Naam (zoals anderen je zien)
account-sign-up-passkey = Registreren met een passkey
account-sign-up-password-summary = Geen passkey op dit apparaat? Registreer je met een wachtwoord
account-new-password-label = Wachtwoord (minstens { $min } tekens)
account-sign-up-password = Registreren met een wachtwoord

account-reset-title = Voeg een nieuwe passkey toe
account-reset-about = Een beheerder heeft je account teruggezet: voeg op dit apparaat een passkey toe om weer in te loggen.
account-reset-passkey = Passkey toevoegen en inloggen
# De namen van de passkeys die bij het registreren en na het terugzetten ontstaan.
account-first-passkey = eerste passkey
account-new-passkey = nieuwe passkey

account-signed-in-as = Ingelogd als { $name }
account-sign-out = Uitloggen
account-passkeys-title = Passkeys
account-no-passkey-yet = Nog geen passkey: voeg er een toe om zonder wachtwoord in te loggen.
# Een passkey: de naam, wanneer hij is toegevoegd en het laatst gebruikt
# ($used is "never" voor een die nooit is gebruikt).
account-passkey-item = { $name } · toegevoegd { $added } · laatst gebruikt { $used ->
    [never] nooit
   *[other] { $used }
}
account-passkey-name =
    .aria-label = Naam van de passkey { $name }
account-rename = Hernoemen
account-remove = Verwijderen
account-new-passkey-label = Naam van de nieuwe passkey
account-new-passkey-example =
    .placeholder = mijn telefoon
account-add-passkey = Passkey toevoegen
account-password-title = Wachtwoord
account-has-password = Je kunt ook met een wachtwoord inloggen.
account-no-password = Geen wachtwoord: je logt alleen in met je passkeys.
account-change-password-label = Nieuw wachtwoord (minstens { $min } tekens)
account-save-password = Wachtwoord opslaan
account-sessions-title = Waar je bent ingelogd
# Een sessie: de browser of het programma ($name) en sinds wanneer.
account-session = { $name } · sinds { $since }
account-session-current = { $name } · sinds { $since } · deze browser
account-sign-out-there = Daar uitloggen
account-bots-title = Je bots
account-no-bots = Geen bots: registreer er een om een engine te verbinden met `towers bot`.
account-new-bot-label = Naam van een nieuwe bot
account-register-bot = Bot registreren
account-new-token = Nieuw token
account-revoke-token = Token intrekken
account-bot-token = Token van { $name } (wordt maar één keer getoond): { $token }

account-signed-in-notice = Ingelogd.
account-signed-out = Uitgelogd.
account-welcome-passkey = Welkom! Vanaf nu log je in met je passkey.
account-welcome = Welkom! Je bent ingelogd.
account-reset-done = Je nieuwe passkey is toegevoegd en je bent ingelogd.
account-passkey-added = Passkey { $name } toegevoegd.
account-passkey-renamed = Passkey hernoemd tot { $name }.
account-passkey-removed = Passkey { $name } verwijderd.
account-password-saved = Wachtwoord opgeslagen.
account-session-ended = Die sessie is beëindigd.
account-bot-token-revoked = Het token van { $name } is ingetrokken: de bot speelt niet meer tot je hem een nieuw token geeft.
account-no-passkeys-here = Deze browser kan geen passkeys gebruiken: log in of registreer je met een wachtwoord.
account-passkey-not-used = De passkey is niet gebruikt (geannuleerd, of er is er geen op dit apparaat voor deze site).

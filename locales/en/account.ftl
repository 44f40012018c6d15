# The account page (web/account.html, web/account.js): signing up and in,
# and, signed in, the account's passkeys, password, sessions and bots.

account-page-title = Account — towers
account-header = Account
account-heading = Your account
account-about = Rated games, Kubb results and bots belong to an account, so that nobody plays under your name. A passkey signs you in with your phone's or computer's lock: no password to remember.
account-sign-in-title = Sign in
account-passkey-sign-in = Sign in with a passkey
account-password-sign-in = Sign in with a password
account-name-label = Name
account-password-label = Password
account-sign-in-button = Sign in
account-sign-up-title = New here? Sign up
account-sign-up-name-label = Name (how others see you)
account-sign-up-passkey = Sign up with a passkey
account-sign-up-password-summary = No passkey on this device? Sign up with a password
account-new-password-label = Password (at least { $min } characters)
account-sign-up-password = Sign up with a password

account-reset-title = Add a new passkey
account-reset-about = An administrator reset your account: add a passkey on this device to sign in again.
account-reset-passkey = Add a passkey and sign in
# The labels given to the passkeys made on signing up and after a reset.
account-first-passkey = first passkey
account-new-passkey = new passkey

account-signed-in-as = Signed in as { $name }
account-sign-out = Sign out
account-passkeys-title = Passkeys
account-no-passkey-yet = No passkey yet: add one to sign in without a password.
# A passkey: its name, when it was added and last used ($used is "never"
# for one never used).
account-passkey-item = { $name } · added { $added } · last used { $used ->
    [never] never
   *[other] { $used }
}
account-passkey-name =
    .aria-label = Name of the passkey { $name }
account-rename = Rename
account-remove = Remove
account-new-passkey-label = Name of the new passkey
account-new-passkey-example =
    .placeholder = my phone
account-add-passkey = Add a passkey
account-password-title = Password
account-has-password = A password signs you in too.
account-no-password = No password: only your passkeys sign you in.
account-change-password-label = New password (at least { $min } characters)
account-save-password = Save the password
account-sessions-title = Where you are signed in
# A session: the browser or client ($name) and since when.
account-session = { $name } · since { $since }
account-session-current = { $name } · since { $since } · this browser
account-sign-out-there = Sign out there
account-bots-title = Your bots
account-no-bots = No bots: register one to connect an engine with `towers bot`.
account-new-bot-label = Name of a new bot
account-register-bot = Register the bot
account-new-token = New token
account-revoke-token = Revoke token
account-bot-token = { $name }'s token (shown once): { $token }

account-signed-in-notice = Signed in.
account-signed-out = Signed out.
account-welcome-passkey = Welcome! Your passkey signs you in from now on.
account-welcome = Welcome! You are signed in.
account-reset-done = Your new passkey is added and you are signed in.
account-passkey-added = Passkey { $name } added.
account-passkey-renamed = Passkey renamed to { $name }.
account-passkey-removed = Passkey { $name } removed.
account-password-saved = Password saved.
account-session-ended = That session is ended.
account-bot-token-revoked = { $name }'s token is revoked: it plays no more until you give it a new one.
account-no-passkeys-here = This browser cannot use passkeys: sign in or up with a password instead.
account-passkey-not-used = The passkey was not used (cancelled, or none on this device for this site).

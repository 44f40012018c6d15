# De weigeringen: één bericht voor elke weigeringscode die de server
# stuurt (`refusal-` + de code, punten als streepjes), met de parameters
# van de code als variabelen.

## De kubbregels (Koning & Torens en de standaardregels)

refusal-kubb-match-over = De wedstrijd is voorbij: team { $winner } heeft hem gewonnen.
refusal-kubb-match-drawn = De wedstrijd is voorbij: bij het afroepen van de tijd stonden de spellen gelijk, gelijkspel.
refusal-kubb-not-now = { $action ->
        [starting-throw] Een beginworp
        [start] Het kiezen van het beginnende team
        [inkast] Een inworp
        [placement] Het plaatsen van een stuk
        [stick] Een worp met een werpstick
        [next-game] Het volgende spel beginnen
        [rescue] Een redding
        [time-called] De tijd afroepen
       *[teams] De teams benoemen
    } kan nu niet: { $phase ->
        [starting-throw] het spel begint met de beginworp.
        [inkast] { $count ->
            [one] eerst komt er nog een inworp.
           *[other] eerst komen er nog { $count } inworpen.
        }
        [placement] { $count ->
            [one] de verdedigers moeten eerst een stuk plaatsen dat twee keer buiten is geland.
           *[other] de verdedigers moeten eerst { $count } stukken plaatsen die twee keer buiten zijn geland.
        }
        [throwing] het werpende team gooit nog met zijn werpsticks.
       *[game-over] het spel is voorbij.
    }
refusal-kubb-not-a-player = { $player } speelt niet voor { $team_name } (team { $team }); daar spelen { $players }.
refusal-kubb-no-such-piece = Er is geen stuk met nummer { $number }.
refusal-kubb-point-not-finite = Een punt op het veld is twee getallen in meters, niet { $x }, { $y }.
refusal-kubb-named-twice = { $piece } staat twee keer bij één werpstick.
refusal-kubb-lag-distance = De afstand van een beginworp moet een aantal meters zijn, 0 of meer.
refusal-kubb-lag-both-broke-king-rule = Beide beginworpen braken de koningsregel: gooi opnieuw.
refusal-kubb-lag-tie = Beide beginworpen liggen even dicht bij de Koning: gooi opnieuw.
refusal-kubb-inkast-outside = { $at } ligt niet op de helft van team { $half }: een ingeworpen stuk dat daar landt, is uit.
refusal-kubb-placement-outside-half = Team { $team } moet het stuk op de eigen helft plaatsen; { $at } ligt daar niet.
refusal-kubb-placement-near-king = Een geplaatst stuk moet minstens één werpsticklengte ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) van de Koning staan; { $at } staat er { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m vandaan.
refusal-kubb-placement-near-pin = De regels { $ruleset } houden een geplaatst stuk minstens één werpsticklengte ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) van elke veldpin; { $at } staat { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m van de pin op { $pin }.
refusal-kubb-opening-throwers = Volgens de 2-4-6-werpersregel gooien minstens { $players } verschillende spelers de { $sticks } werpsticks van deze beurt; { $player } heeft al gegooid en er zijn te weinig werpsticks over.
refusal-kubb-too-few-players-for-thrower-rule = { $players ->
        [one] Volgens de 2-4-6-werpersregel gooien minstens 3 verschillende spelers de eerste 4 werpsticks van een team; { $team } noemt maar één speler.
       *[other] Volgens de 2-4-6-werpersregel gooien minstens 3 verschillende spelers de eerste 4 werpsticks van een team; { $team } noemt maar { $players } spelers.
    }
refusal-kubb-player-listed-twice = { $player } staat er twee keer: een speler gooit voor één team en staat er één keer (hoofdletters tellen niet).
refusal-kubb-same-team-names = Beide teams heten { $name }: geef ze verschillende namen.
refusal-kubb-no-time-limit = Deze wedstrijd heeft geen tijdslimiet, dus de tijd kan niet worden afgeroepen.
refusal-kubb-time-called-already = De tijd is al afgeroepen.
refusal-kubb-not-rescuable = { $piece } is geen Ridder die van een eerdere beurt op de helft van team { $half } is blijven staan; hij kan niet worden gered.
refusal-kubb-not-a-knight = { $piece } is geen Ridder die op de helft van team { $half } staat.
refusal-kubb-not-a-tower = { $piece } is geen staande Toren van team { $team }.
refusal-kubb-tower-behind-knights = { $knights ->
        [one] Toren { $tower } van team { $team } telt niet: er staat nog een Ridder op de helft van team { $team }; de Toren wordt weer rechtgezet.
       *[other] Toren { $tower } van team { $team } telt niet: er staan nog { $knights } Ridders op de helft van team { $team }; de Toren wordt weer rechtgezet.
    }

## Het bijhouden rond de kubbregels

refusal-kubb-hit-names-nothing = Een treffer noemt wat er viel (Ridders, Torens of de Koning); een werpstick die niets omgooit, is een misser.
refusal-kubb-nothing-to-undo = Er is niets om ongedaan te maken.
refusal-kubb-no-result-yet = De wedstrijd is niet voorbij: er is nog geen uitslag om te bevestigen.
refusal-kubb-other-teams-entry = De telefoon van { $team_name } voert de worpen en plaatsingen van het eigen team in; deze voert { $acting_name } (team { $acting }) of de scheidsrechter in.
refusal-kubb-referee-only = Alleen de scheidsrechter roept de tijd af of benoemt de teams.
refusal-kubb-referee-takes-back = Alleen de scheidsrechter neemt invoer terug; de telefoon van een team neemt alleen terug wat hij nog niet verstuurd heeft.
refusal-kubb-confirm-from-team = Je speelt in geen van beide teams: bevestig met de telefoon van een team.
refusal-kubb-token-scores-no-match = Met dit token kun je geen Kubbwedstrijd bijhouden.
refusal-kubb-event-out-of-order = Invoer { $seq } kan niet vóór invoer { $next } worden opgeslagen: stuur de invoer op volgorde.
refusal-kubb-event-recorded-differently = Invoer { $seq } is al anders opgeslagen: laad de wedstrijd opnieuw.

## Wachters & Torens

refusal-gt-finished = De partij is voorbij: { $outcome ->
        [red-guard-captured] rood wint, de wachter van de tegenstander is geslagen.
        [red-castle-reached] rood wint, de wachter heeft het gemarkeerde middenveld van de basislijn van de tegenstander bereikt.
        [red-no-legal-move] rood wint, blauw heeft geen geldige zet meer.
        [blue-guard-captured] blauw wint, de wachter van de tegenstander is geslagen.
        [blue-castle-reached] blauw wint, de wachter heeft het gemarkeerde middenveld van de basislijn van de tegenstander bereikt.
        [blue-no-legal-move] blauw wint, rood heeft geen geldige zet meer.
        [draw-repetition] remise door drievoudige herhaling van de stelling.
        [draw-no-progress] remise, er is te lang niets geslagen.
       *[draw-no-legal-move] remise, er is geen geldige zet meer.
    }
refusal-gt-not-legal-here = { $move } is hier geen geldige zet.
refusal-gt-illegal-move = { $move } is in deze stelling geen geldige zet voor { $side ->
        [red] rood
       *[blue] blauw
    }.
refusal-gt-not-your-turn = { $side ->
        [red] Rood
       *[blue] Blauw
    } is aan zet.
refusal-gt-game-over = De partij is voorbij: { $termination ->
        [guard-captured] er is een wachter geslagen.
        [castle-reached] een wachter heeft het gemarkeerde middenveld van de basislijn van de tegenstander bereikt.
        [no-legal-move] er was geen geldige zet meer.
        [threefold-repetition] drievoudige herhaling van de stelling.
        [no-progress] er is te lang niets geslagen.
        [resignation] er is opgegeven.
        [draw-agreed] remise afgesproken.
        [time-forfeit] de tijd is verstreken.
        [illegal-move] er is een ongeldige zet gedaan.
        [engine-crash] een programma is vastgelopen.
        [disconnect] de verbinding is verbroken.
        [adjudication] door de scheidsrechter beslist.
        [unterminated] afgebroken.
       *[other] ze is beëindigd.
    }
refusal-gt-not-started = De partij is niet begonnen: er is nog een plaats vrij.
refusal-gt-unreadable-move = { $problem ->
    [square] '{ $move }' is geen zet: '{ $square }' is geen veld: verwacht een lijn A-G en een rij 1-7, zoals D4
    [count] '{ $move }' is geen zet: het aantal stenen '{ $count }' moet een cijfer van 1 tot 7 zijn
    [not-straight] '{ $move }' is geen zet: van { $from } naar { $to } is geen rechte stap horizontaal of verticaal (niet diagonaal, niet op de plaats)
    [count-mismatch] '{ $move }' is geen zet: die verplaatst { $stones ->
        [one] één steen
       *[other] { $stones } stenen
    }, maar { $distance ->
        [one] één veld
       *[other] { $distance } velden
    } ver; een stuk gaat precies zo ver als het hoog is
   *[format] '{ $move }' is geen zet: verwacht VAN-NAAR-STENEN zoals A7-B7-1
}
refusal-gt-no-seat-free = In deze partij is geen plaats vrij.
refusal-gt-by-invitation = Deze partij is alleen op uitnodiging: open de volledige link die je kreeg (het geheim ontbreekt of klopt niet).
refusal-gt-invitation-not-a-seat = Een uitnodiging is geen plaats: doe eerst mee aan de partij.
refusal-gt-rematch-token = Dit token is voor de revanche, niet voor deze partij.
refusal-gt-seat-taken = De plaats van { $side ->
        [red] rood
       *[blue] blauw
    } is al bezet.
refusal-gt-rated-same-player = { $name } speelt al in deze partij voor de rating: zo'n partij speel je met z'n tweeën.
refusal-gt-draw-offer-open = Er staat al een remiseaanbod open.
refusal-gt-no-draw-offer = { $side ->
        [red] Rood
       *[blue] Blauw
    } heeft geen remiseaanbod om op te antwoorden.
refusal-gt-rematch-offer-open = Er staat al een aanbod voor een revanche open.
refusal-gt-no-rematch-offer = { $side ->
        [red] Rood
       *[blue] Blauw
    } heeft geen aanbod voor een revanche om op te antwoorden.
refusal-gt-rematch-person-only = Een revanche bied je een mens aan: tegen het programma of een bot begin je een nieuwe partij.
refusal-gt-rematch-not-over = De partij is nog niet voorbij: een revanche volgt op een afgelopen partij.
refusal-gt-rematch-agreed = De revanche is al afgesproken: het is partij { $game }.
refusal-gt-engine-level = Niveau { $level } bestaat niet: het loopt van 1 tot 10.
refusal-gt-rated-named-only = Alleen partijen tussen twee spelers met een naam tellen voor de rating, niet partijen tegen het ingebouwde programma of cursusclients.

## Partijen, toernooien, verzoeken, aanmelden

refusal-game-not-found = Er is geen partij '{ $id }'.
refusal-game-wrong-kind = Dat is geen gebeurtenis van een partij van het soort { $kind }.
refusal-game-set-apart = Partij { $id } is apart gezet: de opgeslagen zetten laten zich niet meer naspelen.
refusal-game-changed-meanwhile = De partij is intussen veranderd (een andere server of plaats): laad opnieuw en probeer het nog eens.
refusal-game-token-holds-no-seat = Dit token hoort bij geen enkele plaats in deze partij.
refusal-puzzle-rating-changing = De rating van de puzzel verandert steeds: probeer het nog eens.
refusal-puzzle-unknown-theme = Er is geen puzzelthema '{ $theme }'.
refusal-tournament-refused = Het toernooi weigert: { $reason }
refusal-request-malformed = Het verzoek is niet leesbaar. (Technische details: { $reason })
refusal-request-refused = Geweigerd: { $reason }
refusal-request-too-large = Het verzoek is te groot: { $reason }
refusal-request-rate-limited = Te veel verzoeken: doe het wat rustiger aan.
refusal-request-limited = Te veel tegelijk: { $reason }
refusal-request-not-found = Niet gevonden: { $reason }
refusal-request-conflict = Dat kan nu niet: { $reason }
refusal-request-busy = De engines zijn bezig: probeer het over { $retry_after } s opnieuw.
refusal-auth-seat-token-needed = Hiervoor is een plaatstoken nodig.
refusal-auth-bad-token = Het token is niet geldig: { $reason }
refusal-auth-sign-in-needed = Meld je aan: { $reason }
refusal-auth-forbidden = Dat mag je niet: { $reason }
refusal-auth-sign-in-limited = Te veel mislukte aanmeldingen: probeer het over { $retry_after } s opnieuw.
refusal-auth-cross-site = Een verzoek vanaf de pagina van een andere website kan niet namens je account handelen.
refusal-server-internal = Een fout in de server.

## Toernooien

refusal-tournament-file-version = Het bestand heeft versie { $version }; deze towers leest versie { $reads }.
refusal-tournament-not-created = De eerste gebeurtenis moet het toernooi aanmaken.
refusal-tournament-already-created = Het toernooi is al aangemaakt.
refusal-tournament-unknown-format = Onbekende vorm ‘{ $format }’ (round-robin, double-round-robin, swiss, knockout of pools-knockout).
refusal-tournament-rounds-not-swiss = Een aantal rondes geef je alleen bij een Zwitsers toernooi op.
refusal-tournament-pools-not-pools = Poules en doorgaande deelnemers horen alleen bij ‘poules, dan knock-out’.
refusal-tournament-third-place-no-knockout = Een wedstrijd om de derde plaats hoort alleen bij een toernooi met knock-out.
refusal-tournament-setting-zero = { $setting } moet minstens 1 zijn.
refusal-tournament-unknown-entrant = Onbekende deelnemer ‘{ $name }’.
refusal-tournament-already-entered = ‘{ $name }’ is al ingeschreven.
refusal-tournament-already-withdrawn = ‘{ $name }’ heeft zich al teruggetrokken.
refusal-tournament-late-entry = { $format ->
        [round-robin] Een round-robintoernooi
        [double-round-robin] Een dubbel round-robintoernooi
        [swiss] Een Zwitsers toernooi
        [knockout] Een knock-outtoernooi
       *[pools-knockout] Een toernooi met poules en knock-out
    } neemt geen nieuwe deelnemers meer aan zodra de eerste ronde gepaard is.
refusal-tournament-too-few = { $entrants } deelnemers zijn te weinig (er zijn er minstens { $needed } nodig).
refusal-tournament-round-open = Ronde { $round } is niet klaar: { $first } - { $second } heeft geen uitslag.
refusal-tournament-over = Het toernooi is voorbij.
refusal-tournament-unpairable = Voor de volgende ronde bestaat geen paring zonder herhaling.
refusal-tournament-too-many-rounds = Een Zwitsers toernooi met { $entrants } deelnemers heeft hoogstens { $most } rondes zonder herhaling, niet { $rounds }: geef minder rondes op.
refusal-tournament-wrong-round = Ronde { $round } kan nu niet gepaard worden (de volgende ronde is { $next }).
refusal-tournament-bad-pairing = ‘{ $name }’ kan niet gepaard worden: teruggetrokken of twee keer gepaard in de ronde.
refusal-tournament-no-such-pairing = { $round ->
        [0] Er is geen paring { $first } - { $second }.
       *[other] Er is geen paring { $first } - { $second } in ronde { $round }.
    }
refusal-tournament-score-not-for-game = { $score } is geen uitslag { $game ->
        [kubb] bij kubb
       *[gt] bij Wachters & Torens
    }.
refusal-tournament-kubbs-not-kubb = Basiskubbs horen alleen bij kubbtoernooien.
refusal-tournament-needs-winner = Een knock-outwedstrijd heeft een winnaar nodig, niet { $score }.
refusal-tournament-already-recorded = { $first } - { $second } heeft al een uitslag; een correctie vervangt die.
refusal-tournament-nothing-to-correct = { $first } - { $second } heeft geen uitslag om te corrigeren.
refusal-tournament-settled = Deze uitslag kan niet meer veranderen: ronde { $round } is ermee gepaard.
refusal-tournament-not-in-bracket = ‘{ $name }’ won een knock-outwedstrijd maar staat niet in het schema (een ronde met de hand gepaard?).
refusal-tournament-pitch-duplicate = Twee velden heten ‘{ $name }’ (of lijken erop).
refusal-tournament-too-many-pitches = Een toernooi heeft hoogstens { $max } velden, niet { $count }.
refusal-tournament-no-pairing-number = Ronde { $round } heeft geen paring { $pairing }.
refusal-tournament-not-to-start = { $state ->
        [playing] Deze paring wordt al gespeeld.
       *[finished] Deze paring is al klaar.
    }
refusal-tournament-organiser-only = Hiervoor heb je de sleutel van de organisator nodig.
refusal-tournament-title = Een titel heeft 1 tot { $max } afdrukbare tekens.
refusal-tournament-kubb-settings-only = Een regelset en wedstrijdinstellingen horen alleen bij kubbtoernooien.
refusal-tournament-time-control-gt-only = Een bedenktijd hoort alleen bij toernooien in Wachters & Torens.
refusal-tournament-bots-play-gt-only = Botaccounts spelen alleen Wachters & Torens.
refusal-tournament-bot-no-players = Een bot als deelnemer heeft geen spelers.
refusal-tournament-gt-entrant-alone = Een deelnemer bij Wachters & Torens is één speler: geen teamspelers.
refusal-tournament-kubb-team-too-big = Een kubbteam heeft hoogstens { $max } spelers.

## Namen

refusal-name-empty = Een naam mag niet leeg zijn.
refusal-name-too-long = Een naam heeft hoogstens { $max } tekens; ‘{ $given }…’ heeft er { $chars }.
refusal-name-control-character = Een naam mag geen stuurtekens bevatten; deze bevat { $found }.
refusal-name-format-character = Een naam mag geen onzichtbare of opmaaktekens bevatten; deze bevat { $found }.
refusal-name-unassigned-character = Een naam mag geen niet-toegewezen tekens of tekens voor privégebruik bevatten; deze bevat { $found }.
refusal-name-line-separator = Een naam is één regel, zonder regel- of alineascheidingstekens; deze bevat { $found }.
refusal-name-blank = Een naam moet iets zichtbaars hebben, niet alleen spaties en onzichtbare tekens.
refusal-name-too-like = ‘{ $name }’ is al bezet, of lijkt te veel op ‘{ $held }’.
refusal-name-account-only = ‘{ $name }’ is de naam van een account: log in als ‘{ $name }’ om onder die naam te spelen.
refusal-name-bot-only = ‘{ $name }’ is de naam van een bot: alleen de bot speelt onder die naam.

## Accounts

refusal-account-wrong-password = Verkeerde naam of verkeerd wachtwoord.
refusal-account-password-too-short = Een wachtwoord heeft minstens { $min } tekens.
refusal-account-password-too-long = Een wachtwoord heeft hoogstens { $max } tekens.
refusal-account-passkey-refused = Met deze passkey lukt het inloggen niet.
refusal-account-passkey-registered = Deze passkey is al geregistreerd, of de herstellink is al gebruikt.
refusal-account-reset-link-expired = Deze herstellink is gebruikt of verlopen.
refusal-account-last-way-in = Dit is de laatste manier om in je account te komen: voeg eerst nog een passkey of een wachtwoord toe.
refusal-account-sign-in-first = Log eerst in.
refusal-account-rated-signed-in = Een partij voor de rating speel je ingelogd, onder de naam van je account: log in op /account.
refusal-account-rated-own-name = Je bent ingelogd als ‘{ $account }’: een partij voor de rating speel je onder je eigen naam, niet als ‘{ $name }’.
refusal-account-bot-name-taken = Er is al een bot met de naam ‘{ $name }’ geregistreerd.
refusal-account-ceremony-expired = Dit passkeyverzoek bestaat niet meer: het is afgerond of verlopen.
refusal-account-no-such-session = Deze sessie bestaat niet in je account.
refusal-account-no-such-passkey = Deze passkey bestaat niet in je account.
refusal-account-passkey-sign-in-first = Log eerst in: een passkey wordt aan je account toegevoegd.
refusal-account-passkeys-need-address = Passkeys hebben het openbare adres van de server nodig: start hem met --public-url https://jouw.host
refusal-bot-streams-open = Deze bot heeft al { $max } gebeurtenisstreams open: sluit er eerst een.

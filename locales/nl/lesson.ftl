# De les (lesson.html, lesson.js): haar stappen, elk met een doel.

lesson-page-title = Wachter & Torens leren — towers
lesson-header = Wachter & Torens leren
lesson-board =
    .aria-label = Bord van de les
lesson-next = Volgende
lesson-again = Deze stap opnieuw
lesson-skip = Overslaan
lesson-done-title = Dat is het hele spel
lesson-done-text = Speel nu: de computer op niveau 1 is een vriendelijke eerste tegenstander, in de lobby vind je mensen.
lesson-play = Een partij spelen
lesson-progress = Stap { $step } van { $total }
lesson-announce-step = Stap { $step } van { $total }: { $title }. { $text }

## De stappen
lesson-height-title = Hoogte is afstand
lesson-height-text = Een toren gaat in een rechte lijn, vooruit, achteruit of opzij, precies zoveel velden als hij hoog is. Zet de hele toren van 3 op D4: tik hem aan, en dan een groene stip.
lesson-height-praise = Drie torenstenen, drie velden.
lesson-split-title = Ontstapelen
lesson-split-text = Je mag ook alleen de bovenste stenen van een toren zetten: zoveel velden als je stenen neemt. Zet één torensteen van de toren van 3: één veld.
lesson-split-praise = Eén torensteen ging één veld; twee bleven staan.
lesson-stack-title = Stapelen
lesson-stack-text = Een toren die op je eigen toren landt, wordt erop gestapeld, en de hogere toren komt verder. Stapel je twee torens van 1 tot één toren van 2.
lesson-stack-praise = Twee torenstenen in één toren: hij gaat nu twee velden per zet.
lesson-capture-title = Slaan
lesson-capture-text = Een toren slaat een vijandelijke toren die niet hoger is dan de stenen die hij zet, door erop te landen; geen stuk springt over een ander. Sla de blauwe toren die jouw toren van 2 kan slaan.
lesson-capture-praise = De blauwe toren van 2 is weg. De blauwe 3 op B4 was te hoog voor twee stenen.
lesson-guard-title = De wachter
lesson-guard-text = De wachter (het stuk met de kroon) gaat één veld en slaat alles, hoe hoog ook. Sla de blauwe toren van 4 met je wachter.
lesson-guard-praise = Wachters zijn sterk, en ook het stuk dat je niet mag verliezen: wie zijn wachter kwijt is, verliest de partij.
lesson-capture-guard-title = De wachter slaan
lesson-capture-guard-text = Elke toren, zelfs één losse torensteen, slaat de vijandelijke wachter, en dat wint de partij. Win nu.
lesson-capture-guard-praise = De wachter is geslagen.
lesson-castle-title = De gemarkeerde middenvelden
lesson-castle-text = De omrande middenvelden van de basislijnen zijn gemarkeerd: D1 is van Blauw, D7 van Rood. Breng je wachter op het gemarkeerde middenveld van de tegenstander en je wint. Win nu.
lesson-castle-praise = Je wachter staat op het gemarkeerde middenveld van de tegenstander. Dat zijn alle regels.

## Wat een zet zegt
lesson-solved = { $move }: { $praise }
lesson-solved-won = { $move }: { $praise } { $color } wint: { $reason }.
lesson-solved-drawn = { $move }: { $praise } Niemand wint: { $reason }.
lesson-not-goal = { $move } is een geldige zet, maar niet het doel van deze stap. Het bord wordt opnieuw opgezet: probeer het nog eens.

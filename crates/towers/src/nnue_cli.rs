//! `towers gt nnue …`: making the engine's learned evaluation
//! (`docs/nnue.md`).

use std::path::PathBuf;

use arena::openings::{parse_openings, DEFAULT_SET};
use clap::Subcommand;
use guard_towers_engine::{evaluate, TUNED};
use guard_towers_nnue::data::{parse_samples, self_play, Sample, Settings as Play};
use guard_towers_nnue::train::{loss_of, Settings, Trainer};

use crate::gt::write_lines;
use crate::UsageError;

#[derive(Subcommand)]
pub enum Command {
    /// Play the engine against itself and print its quiet positions with
    /// the search's score and the game's result
    /// (`<position> | <score> | <red result>`), one per line.
    Data {
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Search nodes per move.
        #[arg(long, default_value_t = 8_000)]
        nodes: u64,
        /// Random moves after the opening, so that games differ.
        #[arg(long, default_value_t = 6)]
        random_plies: usize,
        /// The first game's number; game i draws its random moves from it.
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Games played at the same time.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Play with the network instead of the hand-written evaluation
        /// (the embedded network learned from the hand-written one's games).
        #[arg(long)]
        use_nnue: bool,
    },
    /// Train a network on positions from `data` and write it to `--out`.
    Train {
        samples: PathBuf,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 30)]
        epochs: usize,
        /// K of the win-probability model (`towers gt tune` prints the fitted one).
        #[arg(long, default_value_t = 2.1)]
        scale: f32,
        /// Weight of the search score in the target; the rest is the result.
        #[arg(long, default_value_t = 0.7)]
        score_weight: f32,
        #[arg(long, default_value_t = 0.001)]
        learning_rate: f32,
        /// Positions per Adam step.
        #[arg(long, default_value_t = 1024)]
        batch: usize,
        /// Positions held out to measure the fit (every n-th).
        #[arg(long, default_value_t = 20)]
        hold_out_every: usize,
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
}

/// Longest self-play game kept; longer ones count as undecided.
const MAX_PLIES: usize = 300;

pub fn run(command: Command) -> Result<(), UsageError> {
    match command {
        Command::Data {
            games,
            nodes,
            random_plies,
            first,
            threads,
            use_nnue,
        } => {
            let play = Play {
                nodes,
                random_plies,
                max_plies: MAX_PLIES,
                use_network: use_nnue,
            };
            data(first..first + games, play, threads)
        }
        Command::Train {
            samples,
            out,
            epochs,
            scale,
            score_weight,
            learning_rate,
            batch,
            hold_out_every,
            threads,
        } => {
            let settings = Settings {
                scale,
                score_weight,
                learning_rate,
                batch: batch.max(1),
            };
            train(
                &samples,
                &out,
                epochs,
                settings,
                hold_out_every.max(2),
                threads,
            )
        }
    }
}

fn data(games: std::ops::Range<u64>, play: Play, threads: usize) -> Result<(), UsageError> {
    let openings = parse_openings(DEFAULT_SET).map_err(UsageError)?;
    let threads = threads.max(1) as u64;
    let samples: Vec<Sample> = std::thread::scope(|scope| {
        let openings = &openings;
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let share = games.clone().filter(move |game| game % threads == thread);
                scope.spawn(move || self_play(openings, share, play))
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("no panic"))
            .collect()
    });
    eprintln!(
        "{} quiet positions from {} games",
        samples.len(),
        games.end - games.start
    );
    write_lines(samples.iter().map(ToString::to_string))
}

fn train(
    path: &PathBuf,
    out: &PathBuf,
    epochs: usize,
    settings: Settings,
    hold_out_every: usize,
    threads: usize,
) -> Result<(), UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
    let samples =
        parse_samples(&text).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    let (held, training): (Vec<_>, Vec<_>) = samples
        .iter()
        .enumerate()
        .partition(|(index, _)| index % hold_out_every == 0);
    let held: Vec<Sample> = held.into_iter().map(|(_, s)| *s).collect();
    let training: Vec<Sample> = training.into_iter().map(|(_, s)| *s).collect();
    if training.is_empty() {
        return Err(UsageError(format!(
            "{} holds too few samples",
            path.display()
        )));
    }
    let classic = loss_of(&held, &settings, |sample| {
        evaluate(&sample.position, &TUNED) as f32
    });
    eprintln!("the hand-written evaluation's held-out loss: {classic:.6}");
    let mut trainer = Trainer::new(settings, 20_261_204);
    eprintln!(
        "{} training and {} held-out positions; held-out loss {:.6}",
        training.len(),
        held.len(),
        trainer.loss(&held)
    );
    for epoch in 1..=epochs {
        if epoch == epochs * 3 / 4 + 1 {
            trainer.set_learning_rate(settings.learning_rate / 10.0);
        }
        let loss = trainer.epoch(&training, threads);
        eprintln!(
            "epoch {epoch}: training loss {loss:.6}, held-out {:.6}",
            trainer.loss(&held)
        );
    }
    std::fs::write(out, trainer.quantise().to_bytes())
        .map_err(|e| UsageError(format!("cannot write {}: {e}", out.display())))
}

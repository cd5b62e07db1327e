//! Integration tests of the Orrery kernel and of the `orrery` command line.
//!
//! They run against fixture packs in `tests/fixtures/` (the toy pack and
//! deliberately broken packs), never against a real game, so they test the kernel's
//! contracts for any pack. Each module checks one area; each test is named for the
//! behaviour it checks.

mod common;
mod content_glossary;

mod authoring;
mod cli_smoke;
mod kernel_content_errors;
mod kernel_knowledge;
mod kernel_labels;
mod kernel_memo;
mod kernel_columns;
mod kernel_layering;
mod kernel_limits;
mod kernel_random_play;
mod kernel_refused_acts;
mod kernel_saves;
mod kernel_script_errors;
mod kernel_summary;
mod kernel_diagrams;
mod kernel_words;
mod galactic_era;
mod scenario_files;
mod sim_reports;
mod space_opera;
mod twilight_imperium;
mod twilight_imperium_data;
mod bots_play;
mod bots_view;
mod rollback;
mod serve;
mod browser;

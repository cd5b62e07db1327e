//! Orrery: a data-driven rules engine for space-4X board games.
//!
//! The kernel knows boards, pieces, phases, decisions and hidden information, and
//! nothing about any one game: every game is a content pack of RON data and Lua
//! scripts (see `engine/ARCHITECTURE.md`). Front ends only ever use
//! [`game::Game::pending`], [`game::Game::act`] and [`game::Game::view`].

pub mod alloc_count;
pub mod board;
pub mod bots;
pub mod content;
pub mod flow;
pub mod game;
pub mod replay;
pub mod scenario;
pub mod script;
pub mod sim;
pub mod state;
pub mod sym;
pub mod value;
pub mod view;

//! Twilight Imperium 4's component data (content/twilight-imperium-4/, issue 17), checked
//! apart from the pack's rules scripts: the files are copied beside a manifest whose only
//! step ends the game, and every definition must load against the schema. (The pack
//! itself, with its scripts, is played by the contract tests and its scenarios.)

use crate::common::{orrery, repo, text, tmp};
use std::fs;

/// The data files, in the order the manifest will list them (`schema.ron` is read
/// by name).
const FILES: [&str; 13] = [
    "units.ron",
    "systems.ron",
    "technologies.ron",
    "strategy_cards.ron",
    "objectives.ron",
    "action_cards.ron",
    "agendas.ron",
    "promissory_notes.ron",
    "factions.ron",
    "layouts.ron",
    "board.ron",
    "ui.ron",
    "text.ron",
];

#[test]
fn twilight_imperium_data_passes_the_content_checks() {
    let data = repo().join("content/twilight-imperium-4");
    let root = tmp("ti4-data");
    let (content, scripts) = (root.join("content/twilight-imperium-4"), root.join("scripts/twilight-imperium-4"));
    fs::create_dir_all(&content).unwrap();
    fs::create_dir_all(&scripts).unwrap();
    // Every data file is named here, so a new one cannot go unchecked.
    let mut on_disk: Vec<String> = fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".ron") && name != "schema.ron" && name != "pack.ron")
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "the data files of content/twilight-imperium-4 and the list this test checks differ");
    for file in FILES.iter().chain(["schema.ron"].iter()) {
        fs::copy(data.join(file), content.join(file)).unwrap();
    }
    let files = FILES.iter().map(|f| format!("\"{f}\"")).collect::<Vec<_>>().join(", ");
    // A faction's `hooks` names a script function ("faction_sol.register"): each gets a stub
    // module, so the data's script references resolve without the pack's rules.
    let factions = fs::read_to_string(data.join("factions.ron")).unwrap();
    let mut modules = vec!["stub".to_owned()];
    for hook in factions.split("hooks: Some(\"").skip(1) {
        let module = hook.split('.').next().unwrap().to_owned();
        fs::write(scripts.join(format!("{module}.lua")), "return { register = function(registry) end }\n").unwrap();
        modules.push(module);
    }
    let script_list = modules.iter().map(|m| format!("\"{m}.lua\"")).collect::<Vec<_>>().join(", ");
    fs::write(
        content.join("pack.ron"),
        format!(
            "Pack(id: \"twilight-imperium-4\", name: \"Twilight Imperium (data check)\", version: \"0.0.0\", players: (3, 6), \
             extends: None, variants: [], files: [{files}], scripts: [{script_list}], start: \"setup\", \
             steps: [Step(id: \"setup\", handler: \"stub.setup\")])"
        ),
    )
    .unwrap();
    fs::write(
        scripts.join("stub.lua"),
        "local S = {}\nS.setup = { run = function(g, ctx)\n\tlocal scores, ranking = {}, {}\n\tfor s = 1, g:seats() do\n\t\tscores[s], ranking[s] = 0, s\n\tend\n\tg:finish({ scores = scores, ranking = ranking })\nend }\nreturn S\n",
    )
    .unwrap();
    let out = orrery(&["--root", root.to_str().unwrap(), "check", "twilight-imperium-4"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("definitions in 22 kinds"), "{stdout}");
    fs::remove_dir_all(&root).ok();
}

// @ts-check
// warroom's browser client: a lobby, the table shell and the replay viewer over plain ES modules.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const main = document.getElementById("main");
const path = location.pathname;
let match;
if ((match = /^\/t\/([^/]+)$/.exec(path))) showTable(main, decodeURIComponent(match[1]));
else if ((match = /^\/replay\/([^/]+)$/.exec(path))) showReplay(main, decodeURIComponent(match[1]));
else showLobby(main);

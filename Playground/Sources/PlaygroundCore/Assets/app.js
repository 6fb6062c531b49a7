// The playground page: shows the images the server draws and sends it taps and settings.
// It keeps no model of its own: every state comes from the server's answers.
"use strict";

const playground = { session: sessionStorage.getItem("textreveal-session"), state: null,
  components: {}, pending: null, inFlight: false, version: -1, timers: {} };
window.playground = playground;

const $ = (id) => document.getElementById(id);
const status = (message) => { $("status").textContent = message || ""; };

// Samples for the language menu: picking a language shows a text written in it.
const samples = {
  en: "Trailhead maps every path in the national parks, offline. Download a region before you leave, and the map, the elevation profile and the turn-by-turn guidance keep working with no signal at all.",
  he: "טרייל מציגה כל שביל בפארקים הלאומיים, גם בלי חיבור. הורידו אזור לפני היציאה, והמפה, פרופיל הגובה וההנחיות ימשיכו לעבוד גם בלי קליטה בכלל.",
  ar: "يعرض التطبيق كل مسار في الحدائق الوطنية دون اتصال. نزّل المنطقة قبل أن تغادر، وستبقى الخريطة ومخطط الارتفاع والإرشادات تعمل حتى من دون أي إشارة.",
  ja: "国立公園のすべての登山道をオフラインで表示します。出発前に地域をダウンロードしておけば、電波がまったく届かない場所でも、地図と標高グラフと道案内がそのまま使えます。",
  "zh-Hans": "离线显示国家公园里的每一条步道。出发前下载一个地区，即使完全没有信号，地图、海拔剖面和逐段导航也能照常使用。",
  "zh-Hant": "離線顯示國家公園裡的每一條步道。出發前下載一個地區，即使完全沒有訊號，地圖、海拔剖面和逐段導航也能照常使用。",
  ko: "국립공원의 모든 길을 오프라인으로 보여 줍니다. 떠나기 전에 지역을 내려받으면 신호가 전혀 없어도 지도와 고도 그래프와 길 안내가 그대로 작동합니다.",
  ru: "Приложение показывает каждую тропу национальных парков без сети. Скачайте район перед выходом, и карта, профиль высот и пошаговые подсказки будут работать даже без связи.",
  th: "แอปแสดงทุกเส้นทางในอุทยานแห่งชาติแบบออฟไลน์ ดาวน์โหลดพื้นที่ก่อนออกเดินทาง แล้วแผนที่ ความสูง และการนำทางจะยังทำงานได้แม้ไม่มีสัญญาณเลย",
};
const rightToLeft = new Set(["he", "ar"]);

async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (playground.session) headers["X-Playground-Session"] = playground.session;
  const response = await fetch(path, { method, headers,
    body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    if (response.status === 404 && path !== "/api/state") {
      // The session expired on the server: start a new one.
      playground.session = null;
      sessionStorage.removeItem("textreveal-session");
      await load();
      status("The session had expired; this is a new one.");
      return null;
    }
    status(answer.error || ("The server answered " + response.status));
    return null;
  }
  status("");
  show(answer);
  return answer;
}

function show(answer) {
  playground.session = answer.session;
  sessionStorage.setItem("textreveal-session", answer.session);
  playground.padding = answer.padding;
  playground.settings = answer.settings;
  playground.version = answer.version;
  playground.lastTap = answer.tap || null;
  for (const [name, view] of Object.entries(answer.components)) {
    playground.components[name] = view;
    const image = document.querySelector(`img[data-component="${name}"]`);
    if (!image) continue;
    clearTimeout(playground.timers[name]);
    if (view.error) {
      image.removeAttribute("src");
      status(`${name}: ${view.error}`);
    } else {
      image.style.width = view.size.width + "px";
      image.style.height = view.size.height + "px";
      if (view.animation) {
        image.src = view.animation;
        image.dataset.showing = "animation";
        playground.timers[name] = setTimeout(() => {
          image.src = view.still;
          image.dataset.showing = "still";
        }, view.animationMilliseconds);
      } else {
        image.src = view.still;
        image.dataset.showing = "still";
      }
    }
    const line = $("state-" + name);
    if (line) line.textContent = describe(name, view.state);
  }
  showSettings(answer.settings);
  document.body.dataset.version = String(answer.version);
}

function describe(name, state) {
  switch (name) {
    case "expandable":
      return `isTruncated ${state.isTruncated}, isExpanded ${state.isExpanded}` +
        (state.moreButton ? `, "more" at ${Math.round(state.moreButton.x)},${Math.round(state.moreButton.y)}` : "") +
        (state.uncoveredCharacters ? `\nno installed font covers ${state.uncoveredCharacters.length} ` +
          `character(s), drawn as boxes: ${state.uncoveredCharacters.join(" ")}` : "");
    case "detector":
      return `isTruncated ${state.isTruncated}, showsAll ${state.showsAll}` +
        (state.changes.length ? "\nreported: " + state.changes.join("; ") : "");
    case "list":
      return state.rows.map((row) => `${row.id} ${row.name}: ${row.isExpanded ? "expanded" :
        row.isTruncated ? "cut" : "whole"}`).join("\n");
    case "spoiler":
      return `isRevealed ${state.isRevealed}, ${state.spoilers.length} hidden rectangles`;
    default:
      return "";
  }
}

function showSettings(settings) {
  const focused = document.activeElement;
  if (focused !== $("width")) $("width").value = settings.width;
  $("width-value").textContent = Math.round(settings.width);
  $("typeSize").value = settings.typeSize;
  $("dark").checked = settings.theme === "dark";
  document.body.classList.toggle("dark", settings.theme === "dark");
  $("rtl").checked = settings.direction === "rtl";
  $("language").value = settings.language;
  if (focused !== $("text") && $("text").value !== settings.text) $("text").value = settings.text;
  $("markdown").checked = settings.markdown;
  $("style").value = settings.style;
  $("alignment").value = settings.alignment;
}

// Settings changes are coalesced: one request in flight, then the latest of what came since.
function change(patch) {
  playground.pending = Object.assign(playground.pending || {}, patch);
  if (!playground.inFlight) flush();
}

async function flush() {
  if (!playground.pending) return;
  const body = playground.pending;
  playground.pending = null;
  playground.inFlight = true;
  try {
    await call("POST", "/api/settings", body);
  } catch (error) {
    status("The server cannot be reached: " + error.message);
  } finally {
    playground.inFlight = false;
    if (playground.pending) flush();
  }
}

async function load() {
  await call("GET", "/api/state");
}

function tapHandler(image) {
  image.addEventListener("click", (event) => {
    const view = playground.components[image.dataset.component];
    if (!view || !view.size) return;
    const box = image.getBoundingClientRect();
    const x = (event.clientX - box.left) * (view.size.width / box.width) - playground.padding;
    const y = (event.clientY - box.top) * (view.size.height / box.height) - playground.padding;
    call("POST", "/api/tap", { component: image.dataset.component, x, y })
      .catch((error) => status("The server cannot be reached: " + error.message));
  });
}

let textTimer = null;
function wire() {
  $("width").addEventListener("input", () => {
    $("width-value").textContent = $("width").value;
    change({ width: Number($("width").value) });
  });
  $("typeSize").addEventListener("change", () => change({ typeSize: $("typeSize").value }));
  $("dark").addEventListener("change", () => change({ theme: $("dark").checked ? "dark" : "light" }));
  $("rtl").addEventListener("change", () => change({ direction: $("rtl").checked ? "rtl" : "ltr" }));
  $("language").addEventListener("change", () => {
    const language = $("language").value;
    const patch = { language, direction: rightToLeft.has(language) ? "rtl" : "ltr" };
    if (samples[language]) patch.text = samples[language];
    change(patch);
  });
  $("text").addEventListener("input", () => {
    clearTimeout(textTimer);
    textTimer = setTimeout(() => change({ text: $("text").value }), 250);
  });
  $("markdown").addEventListener("change", () => change({ markdown: $("markdown").checked }));
  $("style").addEventListener("change", () => change({ style: $("style").value }));
  $("alignment").addEventListener("change", () => change({ alignment: $("alignment").value }));
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.addEventListener("click", () => {
      const [component, action] = button.dataset.action.split(":");
      call("POST", "/api/action", { component, action });
    });
  }
  for (const image of document.querySelectorAll("img.component")) tapHandler(image);
}

wire();
load().catch((error) => status("The server cannot be reached: " + error.message));

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

// The session's own requests go to /api/session/<id>/...; the id lives in sessionStorage, so
// each tab has its own session and a reload finds it again.
function sessionPath(suffix) {
  return "/api/session/" + playground.session + suffix;
}

async function send(method, path, body) {
  const options = { method };
  if (body !== undefined) {
    options.headers = { "Content-Type": "application/json" };
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let answer = null;
  try {
    answer = await response.json();
  } catch (_) {
    answer = null;
  }
  return { response, answer };
}

function refused(response, answer) {
  status((answer && answer.error) || ("The server answered " + response.status));
}

// Sends a request of the session; answers the parsed answer, or null when it was refused.
// A 503 (the server is busy) or 429 (this tab has too many requests waiting) answers
// { retryAfter } in seconds, for callers that try again.
async function call(method, suffix, body) {
  if (!playground.session) await start();
  if (!playground.session) return null;
  const { response, answer } = await send(method, sessionPath(suffix), body);
  if (!response.ok) {
    if (response.status === 404 && answer && /session/.test(answer.error || "")) {
      // The session expired on the server: start a new one.
      forget();
      await start();
      status("The session had expired; this is a new one.");
      return null;
    }
    refused(response, answer);
    if (response.status === 503 || response.status === 429) {
      return { retryAfter: Number(response.headers.get("Retry-After") || "1") };
    }
    return null;
  }
  status("");
  show(answer);
  return answer;
}

function forget() {
  playground.session = null;
  sessionStorage.removeItem("textreveal-session");
}

// A new session: only a POST from this page makes one.
async function start() {
  const { response, answer } = await send("POST", "/api/session", {});
  if (!response.ok) {
    refused(response, answer);
    return;
  }
  status("");
  show(answer);
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
    image.onload = null;
    // The server keeps images for a while, not for ever: one gone before it loaded is said so.
    image.onerror = () => status(`The ${name} image is no longer kept; reload the page.`);
    if (view.error) {
      image.removeAttribute("src");
      status(`${name}: ${view.error}`);
    } else {
      image.style.width = view.size.width + "px";
      image.style.height = view.size.height + "px";
      if (view.animation) {
        // The animation plays from when it has loaded; then the still replaces it.
        const still = new Image();
        still.src = view.still;
        image.onload = () => {
          image.onload = null;
          playground.timers[name] = setTimeout(() => {
            image.src = view.still;
            image.dataset.showing = "still";
          }, view.animationMilliseconds);
        };
        image.src = view.animation;
        image.dataset.showing = "animation";
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
  let retryAfter = 0;
  try {
    const answer = await call("POST", "/settings", body);
    if (answer && answer.retryAfter) {
      // Busy: the change is sent again later, merged with what comes meanwhile.
      playground.pending = Object.assign(body, playground.pending || {});
      retryAfter = answer.retryAfter;
    }
  } catch (error) {
    status("The server cannot be reached: " + error.message);
  } finally {
    if (retryAfter) {
      setTimeout(() => {
        playground.inFlight = false;
        flush();
      }, retryAfter * 1000);
    } else {
      playground.inFlight = false;
      if (playground.pending) flush();
    }
  }
}

async function load() {
  if (playground.session) {
    const { response, answer } = await send("GET", sessionPath(""));
    if (response.ok) {
      show(answer);
      return;
    }
    forget();
  }
  await start();
}

function tapHandler(image) {
  image.addEventListener("click", (event) => {
    const view = playground.components[image.dataset.component];
    if (!view || !view.size) return;
    const box = image.getBoundingClientRect();
    const x = (event.clientX - box.left) * (view.size.width / box.width) - playground.padding;
    const y = (event.clientY - box.top) * (view.size.height / box.height) - playground.padding;
    call("POST", "/tap", { component: image.dataset.component, x, y })
      .catch((error) => status("The server cannot be reached: " + error.message));
  });
}

let textTimer = null;
function wire() {
  $("controls").addEventListener("submit", (event) => event.preventDefault());
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
      call("POST", "/action", { component, action })
        .catch((error) => status("The server cannot be reached: " + error.message));
    });
  }
  for (const image of document.querySelectorAll("img.component")) tapHandler(image);
}

wire();
load().catch((error) => status("The server cannot be reached: " + error.message));

// The playground page: shows the images the server draws and sends it taps and settings.
// It keeps no model of its own: every state comes from the server's answers.
"use strict";

const playground = { session: sessionStorage.getItem("textreveal-session"), state: null,
  components: {}, pending: null, inFlight: false, version: -1, playing: {}, shown: {},
  ends: {}, verifyEnd: false };
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
// The images are drawn at the screen's pixels per point, 1 to 3.
function deviceScale() {
  return Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1)));
}

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
async function call(method, suffix, body, framesFollow) {
  if (!playground.session) await start();
  if (!playground.session) return null;
  const { response, answer, frames } = framesFollow
    ? await sendTap(sessionPath(suffix), body)
    : await send(method, sessionPath(suffix), body);
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
  show(answer, frames);
  return answer;
}

// Bytes that arrive in chunks, taken in pieces of known length.
class ByteQueue {
  constructor() {
    this.chunks = [];
    this.length = 0;
  }

  push(chunk) {
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  indexOf(byte) {
    let offset = 0;
    for (const chunk of this.chunks) {
      const index = chunk.indexOf(byte);
      if (index >= 0) return offset + index;
      offset += chunk.length;
    }
    return -1;
  }

  // The first `count` bytes, removed when `remove` is set.
  take(count, remove = true) {
    const bytes = new Uint8Array(count);
    let filled = 0;
    let index = 0;
    while (filled < count) {
      const chunk = this.chunks[index];
      const part = Math.min(chunk.length, count - filled);
      bytes.set(chunk.subarray(0, part), filled);
      filled += part;
      if (!remove) {
        index += 1;
      } else if (part === chunk.length) {
        this.chunks.shift();
      } else {
        this.chunks[0] = chunk.subarray(part);
      }
    }
    if (remove) this.length -= count;
    return bytes;
  }
}

// A tap: the answer comes first, as a line of JSON, and the frames of its animation follow in
// the same response as the server draws them (refusals are JSON alone).
async function sendTap(path, body) {
  const response = await fetch(path, { method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ framesFollow: true }, body)) });
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("application/vnd.textreveal.answer-frames")) {
    let answer = null;
    try {
      answer = await response.json();
    } catch (_) {
      answer = null;
    }
    return { response, answer, frames: null };
  }
  const reader = response.body.getReader();
  const bytes = new ByteQueue();
  let end;
  while ((end = bytes.indexOf(10)) < 0) {
    const { done, value } = await reader.read();
    if (done) throw new Error("the answer ended early");
    bytes.push(value);
  }
  const answer = JSON.parse(new TextDecoder().decode(bytes.take(end)));
  bytes.take(1);
  return { response, answer, frames: { reader, bytes } };
}

function forget() {
  playground.session = null;
  sessionStorage.removeItem("textreveal-session");
}

// A new session: only a POST from this page makes one.
async function start() {
  const { response, answer } = await send("POST", "/api/session", { scale: deviceScale() });
  if (!response.ok) {
    refused(response, answer);
    return;
  }
  status("");
  show(answer);
}

function show(answer, frames) {
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
    image.onload = null;
    // The server keeps images for a while, not for ever: one gone before it loaded is said so.
    image.onerror = () => status(`The ${name} image is no longer kept; reload the page.`);
    if (view.error) {
      stopPlaying(name);
      image.removeAttribute("src");
      status(`${name}: ${view.error}`);
    }
    const line = $("state-" + name);
    const describeState = () => {
      if (line) line.textContent = describe(name, view.state);
    };
    if (!view.error && view.animation) {
      // The state's line changes the page's layout: it waits for the first frame, which would
      // otherwise wait for that layout's paint.
      play(name, image, view, answer.tap && answer.tap.component === name ? frames : null,
        describeState);
    } else {
      if (!view.error) {
        stopPlaying(name);
        showStill(image, view);
      }
      describeState();
    }
  }
  showSettings(answer.settings);
  document.body.dataset.version = String(answer.version);
}

// A tap's animation: the server answers the tap at once and draws the frames after, into the
// rest of the tap's response (or a stream by URL), which this reads as it comes (fetch's
// ReadableStream). Each frame is a 36-byte header (nine big-endian 32-bit numbers: the
// pixels' length, the frame's time in milliseconds, the rectangle's left, top, width and
// height, the canvas's width and height, in pixels, and 1 when the rectangle is a large first
// frame drawn at one pixel per point, to stretch over the canvas) and the rectangle that
// changed since the frame before: a PNG, or RGBA pixels as they are (the first frame: nothing
// to decode). Each is drawn over the canvas at its time, the first the moment it arrives. The stream ends on
// the still of the new state, which the image element then shows. playground.shown counts the
// frames the browser drew between the answer and the first frame, for the browser check; with
// playground.verifyEnd set, the canvas's last pixels are compared with the still's
// (playground.ends).
function frameCanvas(image) {
  let canvas = image.nextElementSibling;
  if (!canvas || !canvas.classList.contains("frames")) {
    canvas = document.createElement("canvas");
    canvas.className = "frames";
    canvas.dataset.component = image.dataset.component;
    canvas.hidden = true;
    image.after(canvas);
    tapHandler(canvas);
  }
  return canvas;
}

// The still of a view, at its size in points.
function showStill(image, view) {
  image.style.width = view.size.width + "px";
  image.style.height = view.size.height + "px";
  image.src = view.still;
  image.dataset.showing = "still";
}

// Stops a component's animation, if one plays, and shows its image again.
function stopPlaying(name) {
  const playing = playground.playing[name];
  if (!playing) return;
  playing.stopped = true;
  if (playing.reader) playing.reader.cancel().catch(() => {});
  playing.image.hidden = false;
  playing.canvas.hidden = true;
  playground.playing[name] = null;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47];

function play(name, image, view, frames, started) {
  stopPlaying(name);
  const canvas = frameCanvas(image);
  // When each step of the first frame happened, for the browser check's report.
  const playing = { stopped: false, reader: frames && frames.reader, image, canvas, times: {} };
  playground.playing[name] = playing;
  const context = canvas.getContext("2d");
  const answered = performance.now();
  let drawnFrames = 0;
  let first = true;
  const count = () => {
    if (!first || playing.stopped) return;
    drawnFrames += 1;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
  image.dataset.showing = "animation";
  let origin = 0;
  const draw = (frame, pixels) => {
    if (playing.stopped) return;
    // A large first frame is drawn at one pixel per point: the canvas takes its size, and
    // its CSS size (the frame's in points) stretches it; the next frame is whole.
    const width = frame.stretched ? frame.width : frame.canvasWidth;
    const height = frame.stretched ? frame.height : frame.canvasHeight;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = frame.canvasWidth / playground.settings.scale + "px";
      canvas.style.height = frame.canvasHeight / playground.settings.scale + "px";
    }
    if (first) playing.times.dequeued = performance.now();
    if (pixels instanceof ImageData) {
      context.putImageData(pixels, frame.x, frame.y);
    } else {
      context.clearRect(frame.x, frame.y, frame.width, frame.height);
      context.drawImage(pixels, frame.x, frame.y);
      pixels.close();
    }
    if (first) {
      playing.times.put = performance.now();
      first = false;
      origin = performance.now() - frame.milliseconds;
      canvas.hidden = false;
      image.hidden = true;
      playing.times.drawn = performance.now();
      playground.shown[name] = { frames: drawnFrames, milliseconds: performance.now() - answered,
        steps: Object.fromEntries(Object.entries(playing.times).map(
          ([step, time]) => [step, Math.round((time - answered) * 10) / 10])) };
      started();
    }
  };
  // Frames are decoded as they arrive and drawn in order, each not before its time.
  let queue = Promise.resolve();
  const arrived = (frame) => {
    if (first && !playing.times.arrived) playing.times.arrived = performance.now();
    const isPNG = pngSignature.every((byte, index) => frame.pixels[index] === byte);
    const raw = () => new ImageData(
      new Uint8ClampedArray(frame.pixels.buffer, frame.pixels.byteOffset, frame.pixels.length),
      frame.width, frame.height);
    // The first frame is drawn the moment it arrives, not after the frames read with it.
    if (first && !isPNG) {
      draw(frame, raw());
      return;
    }
    const decoded = isPNG
      ? createImageBitmap(new Blob([frame.pixels], { type: "image/png" }))
      : Promise.resolve(raw());
    queue = queue.then(async () => {
      const pixels = await decoded;
      const wait = first ? 0 : origin + frame.milliseconds - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      draw(frame, pixels);
    });
  };
  const finish = () => {
    if (first) started();
    if (playing.stopped) return;
    image.onload = () => {
      image.onload = null;
      if (playing.stopped) return;
      if (playground.verifyEnd && !canvas.hidden) playground.ends[name] = compare(canvas, image);
      image.hidden = false;
      canvas.hidden = true;
      playground.playing[name] = null;
    };
    showStill(image, view);
  };
  (async () => {
    let source = frames;
    if (!source) {
      const response = await fetch(view.animation);
      if (!response.ok || !response.body) throw new Error("the animation is gone");
      source = { reader: response.body.getReader(), bytes: new ByteQueue() };
      playing.reader = source.reader;
    }
    const bytes = source.bytes;
    for (;;) {
      while (bytes.length >= 36) {
        if (first && !playing.times.header) playing.times.header = performance.now();
        const head = new DataView(bytes.take(36, false).buffer);
        const length = head.getUint32(0);
        if (bytes.length < 36 + length) break;
        bytes.take(36);
        arrived({ milliseconds: head.getUint32(4), x: head.getUint32(8), y: head.getUint32(12),
          width: head.getUint32(16), height: head.getUint32(20),
          canvasWidth: head.getUint32(24), canvasHeight: head.getUint32(28),
          stretched: head.getUint32(32) === 1, pixels: bytes.take(length) });
      }
      const { done, value } = await source.reader.read();
      if (done || playing.stopped) break;
      bytes.push(value);
    }
    await queue;
  })().catch(() => {}).finally(finish);
}

// Whether a canvas shows the same pixels as an image (for the browser check).
function compare(canvas, image) {
  const other = document.createElement("canvas");
  other.width = image.naturalWidth;
  other.height = image.naturalHeight;
  const context = other.getContext("2d");
  context.drawImage(image, 0, 0);
  if (other.width !== canvas.width || other.height !== canvas.height) {
    return { equal: false, size: [canvas.width, canvas.height, other.width, other.height] };
  }
  const a = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const b = context.getImageData(0, 0, other.width, other.height).data;
  let differing = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) differing += 1;
  return { equal: differing === 0, differing, pixels: a.length / 4 };
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
  $("tapAnywhere").checked = settings.togglesOnTapAnywhere;
}

// A session made on another screen (or before a zoom) is drawn again at this one's scale.
function followScale() {
  if (playground.settings && playground.settings.scale !== deviceScale()) {
    change({ scale: deviceScale() });
  }
}

// Zooming and moving to another screen change devicePixelRatio: a media query of the current
// ratio stops matching, and is then made again for the new one.
function watchScale() {
  matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener("change", () => {
    followScale();
    // Emulators fire resize rather than the media query's change.
  window.addEventListener("resize", followScale);
  watchScale();
  }, { once: true });
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
      followScale();
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
    call("POST", "/tap", { component: image.dataset.component, x, y }, true)
      .then(openLink)
      .catch((error) => status("The server cannot be reached: " + error.message));
  });
}

// A tapped link opens in a new tab. The server passes on only http, https and mailto links,
// and the page checks again; neither ever fetches it.
function openLink(answer) {
  const link = answer && answer.tap && answer.tap.link;
  if (!link || !/^(https?|mailto):/i.test(link)) return;
  window.open(link, "_blank", "noopener,noreferrer");
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
  $("tapAnywhere").addEventListener("change",
    () => change({ togglesOnTapAnywhere: $("tapAnywhere").checked }));
  // Emulators fire resize rather than the media query's change.
  window.addEventListener("resize", followScale);
  watchScale();
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

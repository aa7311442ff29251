// Generates public/media/sample-video.webm with Chromium (no ffmpeg). Run once.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const canvas = document.createElement("canvas");
  canvas.width = 320;
  canvas.height = 180;
  document.body.append(canvas);
  const ctx = canvas.getContext("2d");
  const stream = canvas.captureStream(10);
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 80_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const started = performance.now();
  const draw = () => {
    const t = (performance.now() - started) / 1000;
    ctx.fillStyle = "#0f172a";
    ctx.fillRect(0, 0, 320, 180);
    ctx.fillStyle = "#dc2626";
    ctx.fillRect(0, 170, (320 * Math.min(t, 12)) / 12, 10);
    ctx.fillStyle = "#fff";
    ctx.font = "bold 22px sans-serif";
    ctx.textAlign = "center";
    ctx.fillText("Fast Forward", 160, 70);
    ctx.font = "14px sans-serif";
    ctx.fillText("Sample video — set VIDEO_URL", 160, 100);
    ctx.fillText(`${Math.floor(t)} s`, 160, 135);
  };
  const timer = setInterval(draw, 50);
  draw();
  recorder.start(1000);
  await new Promise((r) => setTimeout(r, 12_000));
  recorder.stop();
  clearInterval(timer);
  await new Promise((r) => (recorder.onstop = r));
  const blob = new Blob(chunks, { type: "video/webm" });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
});
writeFileSync("public/media/sample-video.webm", Buffer.from(base64, "base64"));
await browser.close();
console.log("wrote public/media/sample-video.webm");

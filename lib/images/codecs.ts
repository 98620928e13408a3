/**
 * The codecs, all WebAssembly or plain JavaScript (no native addon, so the
 * same code runs on Deno Deploy): MozJPEG, libwebp and the PNG crate from the
 * @jsquash packages (the PNG crate both ways), omggif for GIF, and the
 * @jsquash resampler.
 */
import decodeJpegWasm, { init as initJpegDecoder } from "@jsquash/jpeg/decode.js";
import encodeJpegWasm, { init as initJpegEncoder } from "@jsquash/jpeg/encode.js";
import { decode as decodePngWasm, init as initPngDecoder } from "@jsquash/png/decode.js";
import encodePngWasm, { init as initPngEncoder } from "@jsquash/png/encode.js";
import resizeWasm, { initResize } from "@jsquash/resize";
import decodeWebpWasm, { init as initWebpDecoder } from "@jsquash/webp/decode.js";
import encodeWebpWasm, { init as initWebpEncoder } from "@jsquash/webp/encode.js";
import { GifReader } from "omggif";
import type { Rgba } from "./pixels.ts";
import type { ImageType } from "./sniff.ts";
import { wasmModule } from "./wasm.ts";

// The glue builds results with `new ImageData(...)`; Deno has no ImageData.
globalThis.ImageData ??= class ImageData {
  readonly colorSpace = "srgb";
  constructor(readonly data: Uint8ClampedArray, readonly width: number, readonly height: number) {}
} as unknown as typeof ImageData;

/** The emscripten codecs' init takes a compiled module, which their type declarations leave out. */
type InitWithModule = (module: WebAssembly.Module) => Promise<unknown>;

const SIMD_PROBE = new Uint8Array([
  0,
  97,
  115,
  109,
  1,
  0,
  0,
  0,
  1,
  5,
  1,
  96,
  0,
  1,
  123,
  3,
  2,
  1,
  0,
  10,
  10,
  1,
  8,
  0,
  65,
  0,
  253,
  15,
  253,
  98,
  11,
]);

let ready: Promise<void> | null = null;

/** Compiles and installs every codec once; the WebP encoder picks its SIMD build when the engine has SIMD. */
function initCodecs(): Promise<void> {
  ready ??= (async () => {
    const simd = WebAssembly.validate(SIMD_PROBE);
    const [jpegEnc, webpEnc, png, resize] = await Promise.all([
      wasmModule("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"),
      wasmModule(`@jsquash/webp/codec/enc/${simd ? "webp_enc_simd" : "webp_enc"}.wasm`),
      wasmModule("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"),
      wasmModule("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
    ]);
    await Promise.all([
      (initJpegEncoder as unknown as InitWithModule)(jpegEnc),
      (initWebpEncoder as unknown as InitWithModule)(webpEnc),
      initPngDecoder(png),
      initPngEncoder(png),
      initResize(resize),
    ]);
  })();
  ready.catch(() => ready = null);
  return ready;
}

/**
 * After a large photo the JPEG or WebP decoder is replaced by a fresh
 * instance: WebAssembly memory only grows, and one 40-megapixel photo would
 * otherwise keep ~160 MB for the life of the process. Small photos (what the
 * browser sends after drawing them small) keep the instance, so a run of
 * uploads leaves no old instances waiting for the garbage collector.
 * Instantiating an already compiled module takes well under a millisecond; a
 * decode in flight keeps the instance it started with.
 */
const RENEW_AFTER_PIXELS = 4_000_000;
const decoderReady = new Set<string>();
async function withDecoder(init: unknown, specifier: string, decode: () => Promise<ImageData>): Promise<ImageData> {
  const renew = async () => (init as InitWithModule)(await wasmModule(specifier));
  if (!decoderReady.has(specifier)) {
    await renew();
    decoderReady.add(specifier);
  }
  let pixels = RENEW_AFTER_PIXELS; // a failed decode may have grown the memory as well
  try {
    const img = await decode();
    pixels = img.width * img.height;
    return img;
  } finally {
    if (pixels >= RENEW_AFTER_PIXELS) await renew();
  }
}

function decodeGif(bytes: Uint8Array): Rgba {
  const reader = new GifReader(bytes);
  if (reader.numFrames() < 1) throw new Error("GIF without frames");
  const frame = reader.frameInfo(0);
  // A frame outside the canvas would write past the buffer: refuse it as damaged.
  if (frame.x + frame.width > reader.width || frame.y + frame.height > reader.height) {
    throw new Error("GIF frame outside its canvas");
  }
  const data = new Uint8ClampedArray(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, data);
  return { width: reader.width, height: reader.height, data };
}

/** The pixels of a whole image (the first frame of an animation); throws when the bytes do not decode. */
export async function decodeImage(bytes: Uint8Array, type: ImageType): Promise<Rgba> {
  await initCodecs();
  // The decoders want an ArrayBuffer of exactly the file.
  const buffer = bytes.slice().buffer;
  let img: ImageData;
  switch (type) {
    case "gif":
      return decodeGif(bytes);
    case "png":
      img = await decodePngWasm(buffer);
      break;
    case "jpeg":
      // Orientation is applied later, to the small square, not to the full photo.
      img = await withDecoder(
        initJpegDecoder,
        "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm",
        () => decodeJpegWasm(buffer, { preserveOrientation: false }),
      );
      break;
    case "webp":
      img = await withDecoder(initWebpDecoder, "@jsquash/webp/codec/dec/webp_dec.wasm", () => decodeWebpWasm(buffer));
      break;
  }
  if (!img || img.data.length !== img.width * img.height * 4) throw new Error("Decoder returned no pixels");
  return { width: img.width, height: img.height, data: img.data };
}

/** `img` resampled to `size` × `size` (Lanczos, in linear light, alpha premultiplied). */
export function resizeSquare(img: Rgba, size: number): Promise<Rgba> {
  return resizeTo(img, size, size);
}

/** `img` resampled to `width` × `height` (Lanczos, in linear light, alpha premultiplied). */
export async function resizeTo(img: Rgba, width: number, height: number): Promise<Rgba> {
  await initCodecs();
  if (img.width === width && img.height === height) return img;
  const out = await resizeWasm(img as ImageData, {
    width,
    height,
    method: "lanczos3",
    fitMethod: "stretch",
    premultiply: true,
    linearRGB: true,
  });
  return { width: out.width, height: out.height, data: out.data };
}

export async function encodeWebp(img: Rgba, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  await initCodecs();
  return new Uint8Array(await encodeWebpWasm(img as ImageData, { quality }));
}

/** Lossless, alpha kept: the logo's fallback when WebP cannot be made (lib/images/logo.ts). */
export async function encodePng(img: Rgba): Promise<Uint8Array<ArrayBuffer>> {
  await initCodecs();
  return new Uint8Array(await encodePngWasm(img as ImageData));
}

/** JPEG has no alpha: transparent pixels are laid on white first. */
export async function encodeJpeg(img: Rgba, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  await initCodecs();
  const flat = new Uint8ClampedArray(img.data.length);
  for (let p = 0; p < flat.length; p += 4) {
    const a = img.data[p + 3] / 255;
    flat[p] = img.data[p] * a + 255 * (1 - a);
    flat[p + 1] = img.data[p + 1] * a + 255 * (1 - a);
    flat[p + 2] = img.data[p + 2] * a + 255 * (1 - a);
    flat[p + 3] = 255;
  }
  const out = await encodeJpegWasm({ width: img.width, height: img.height, data: flat } as ImageData, { quality });
  return new Uint8Array(out);
}

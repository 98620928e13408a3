/**
 * Browser side of the photo pipeline: before uploading, the chosen
 * picture is drawn upright (EXIF orientation honoured) onto a canvas no bigger
 * than the server needs, and encoded afresh. Uploads shrink from megabytes to
 * tens of kilobytes, and the camera's metadata (GPS included) never leaves the
 * device. The server still checks and re-encodes whatever arrives.
 */

/** The server keeps a centred 256-pixel square; twice that on the short side leaves it room to resample. */
export const UPLOAD_SHORT_SIDE = 512;

/** The size to draw a width × height picture at: its short side at most UPLOAD_SHORT_SIDE. */
export function uploadSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, UPLOAD_SHORT_SIDE / Math.min(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

const EXTENSIONS: Record<string, string> = { "image/webp": "webp", "image/jpeg": "jpg", "image/png": "png" };

/**
 * The picture to upload in place of `file`: upright, small, re-encoded (WebP
 * where the browser can write it, else JPEG for a JPEG and PNG for anything
 * that may be transparent). Null when this browser cannot read the file; the
 * caller then uploads the file as it is and the server decides.
 */
export async function downscaleForUpload(file: Blob): Promise<File | null> {
  if (typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const { width, height } = uploadSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, width, height);
    // toBlob falls back to PNG for a type it cannot write, so check what came out.
    let blob = await toBlob(canvas, "image/webp", 0.9);
    if (!blob || blob.type !== "image/webp") {
      blob = await toBlob(canvas, file.type === "image/jpeg" ? "image/jpeg" : "image/png", 0.9);
    }
    if (!blob || !EXTENSIONS[blob.type]) return null;
    return new File([blob], `photo.${EXTENSIONS[blob.type]}`, { type: blob.type });
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

/**
 * Profile photo end to end: a camera picture chosen on the profile
 * page is drawn small and upright by Chromium, uploaded, processed by the real
 * server and shown in the header at once; removing it brings the placeholder back.
 */
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { decodeImage, encodeJpeg } from "../../lib/images/codecs.ts";
import { exifBlock, picture, turnedLeft, withExif } from "../../scripts/make_photo_fixtures.ts";
import { PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();

interface Upload {
  name: string;
  type: string;
  size: number;
  metadata: boolean;
}

/**
 * Records the image part of every multipart fetch the page makes (Chromium
 * hides a file part from request.postData()), and whether it still holds EXIF.
 */
function recordUploads() {
  const uploads: Upload[] = [];
  Object.assign(globalThis, { uploads });
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const image = init?.body instanceof FormData ? init.body.get("image") : null;
    if (image instanceof File) {
      const text = Array.from(new Uint8Array(await image.arrayBuffer()), (b) => String.fromCharCode(b)).join("");
      const metadata = text.includes("Exif") || text.includes("HopperCam");
      uploads.push({ name: image.name, type: image.type, size: image.size, metadata });
    }
    return original(input, init);
  };
}

async function signedInPage(phone: string): Promise<{ page: Page; session: Session }> {
  const session = await world.signIn(phone);
  const page = await world.newPage(PHONE);
  await page.addInitScript(recordUploads);
  await storeSession(page, session);
  return { page, session };
}

const contains = (bytes: Uint8Array, text: string) => new TextDecoder("latin1").decode(bytes).includes(text);

describe("profile photo", () => {
  it("uploads a sideways camera photo with GPS through the page; the header shows it upright at once", async () => {
    const { page, session } = await signedInPage("8645550410");
    const seen = watchPage(page);
    // 1600 × 1200 as seen, stored sideways with EXIF orientation 6 and a GPS position, as a phone writes it.
    const camera = withExif(
      await encodeJpeg(turnedLeft(picture(1600, 1200)), 92),
      exifBlock({ orientation: 6, gps: true }),
    );
    expect(contains(camera, "HopperCam")).toBe(true);

    await page.goto("/greer/profile");
    await page.locator('[data-island="ProfileSettings"][data-hydrated="true"]').waitFor();
    await page.getByLabel("Name").waitFor();
    await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
    expect(await page.locator(".user-menu img").count()).toBe(0);

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload New Photo" }).click();
    await (await chooser).setFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: Buffer.from(camera) });
    await page.getByText("Profile image updated successfully!").waitFor();
    // What left the browser: a small re-encoded copy, without the camera's metadata.
    const uploads = await page.evaluate(() => (globalThis as unknown as { uploads: Upload[] }).uploads);
    expect(uploads).toEqual([{ name: "photo.webp", type: "image/webp", size: expect.any(Number), metadata: false }]);
    expect(uploads[0].size).toBeLessThan(100_000);
    const header = page.locator(".user-menu img.avatar");
    await header.waitFor();
    const src = await header.getAttribute("src");
    expect(src).toMatch(new RegExp(`^/api/users/${session.user.id}/photo\\?v=[0-9a-f]{16}$`));
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".user-menu img.avatar");
      return img?.complete && img.naturalWidth === 256;
    });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user")!).photoUrl);
    expect(stored).toBe(src);

    // The stored photo is upright: red top left, green top right, blue bottom left, yellow bottom right.
    const photo = await fetch(`${world.server.url}${src}`);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const img = await decodeImage(new Uint8Array(await photo.arrayBuffer()), "webp");
    const at = (x: number, y: number) => Array.from(img.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 3));
    const close = (got: number[], want: number[]) => got.every((c, i) => Math.abs(c - want[i]) <= 16);
    expect(close(at(64, 64), [220, 30, 30]), String(at(64, 64))).toBe(true);
    expect(close(at(192, 64), [30, 170, 60]), String(at(192, 64))).toBe(true);
    expect(close(at(64, 192), [30, 60, 210]), String(at(64, 192))).toBe(true);
    expect(close(at(192, 192), [240, 210, 40]), String(at(192, 192))).toBe(true);

    // Another page load keeps it in the header.
    await page.goto("/greer/rider");
    await page.locator('[data-island="UserMenu"][data-hydrated="true"] img.avatar').waitFor();

    // Removing it brings back the placeholder and the URL stops answering.
    await page.goto("/greer/profile");
    await page.getByRole("button", { name: "Remove Photo" }).click();
    await page.getByText("Profile image removed successfully!").waitFor();
    await page.locator(".user-menu .avatar--placeholder").waitFor();
    expect(await page.locator(".user-menu img").count()).toBe(0);
    expect((await fetch(`${world.server.url}${src}`)).status).toBe(404);
    expect(seen.errors).toEqual([]);
  });

  it("shows the server's text for a file that is no picture", async () => {
    const { page } = await signedInPage("8645550411");
    const seen = watchPage(page, { ignore: [/Failed to load resource: the server responded with a status of 415/] });
    await page.goto("/greer/profile");
    await page.locator('[data-island="ProfileSettings"][data-hydrated="true"]').waitFor();
    await page.getByLabel("Name").waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload New Photo" }).click();
    await (await chooser).setFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("just some words, not a picture\n".repeat(10)),
    });
    await page.getByText("Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.").waitFor();
    expect(await page.locator(".user-menu img").count()).toBe(0);
    expect(seen.errors).toEqual([]);
  });
});

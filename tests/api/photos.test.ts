/** Profile photos (spec sections 5, 7): upload, processing, serving, removal and the ride copy. */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import type { StoredPhoto } from "../../kv/photos.ts";
import { decodeImage } from "../../lib/images/codecs.ts";
import {
  INVALID_TYPE_TEXT,
  PHOTO_MAX_BYTES,
  TOO_LARGE_TEXT,
  TOO_MANY_PIXELS_TEXT,
  UNREADABLE_TEXT,
} from "../../lib/images/rules.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { put, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

const PHONE = "8645550142";
const UPLOAD = "/api/users/profile/image-upload";
const fixture = (name: string) => Deno.readFile(new URL(`../fixtures/${name}`, import.meta.url));

/** The colours of the fixtures' four quadrants (scripts/make_photo_fixtures.ts). */
const QUADRANTS = {
  topLeft: [220, 30, 30],
  topRight: [30, 170, 60],
  bottomLeft: [30, 60, 210],
  bottomRight: [240, 210, 40],
};

function form(bytes: Uint8Array<ArrayBuffer>, name = "photo.jpg", type = "image/jpeg", field = "image"): FormData {
  const body = new FormData();
  body.set(field, new File([bytes], name, { type }));
  return body;
}

async function upload(t: TestApp, token: string, body: BodyInit) {
  return await t.request(UPLOAD, bearer(token, { method: "POST", body }));
}

async function storedPhoto(t: TestApp, userId: string) {
  return (await t.kv.get<StoredPhoto>(keys.photo(userId))).value;
}

async function profile(t: TestApp, token: string) {
  return (await (await t.request("/api/users/profile", bearer(token))).json()).user;
}

/** The RIFF chunk names of a WebP file, in order. */
function webpChunks(bytes: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let p = 12; p + 8 <= bytes.length;) {
    names.push(new TextDecoder().decode(bytes.subarray(p, p + 4)));
    const size = view.getUint32(p + 4, true);
    p += 8 + size + (size & 1);
  }
  return names;
}

function contains(haystack: Uint8Array, needle: string | number[]): boolean {
  const n = typeof needle === "string" ? new TextEncoder().encode(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** The colour at the middle of each quadrant of a decoded photo, each channel within `tolerance`. */
async function expectUpright(bytes: Uint8Array, type: "webp" | "jpeg" = "webp", tolerance = 12) {
  const img = await decodeImage(bytes, type);
  expect([img.width, img.height]).toEqual([256, 256]);
  const at = (x: number, y: number) => Array.from(img.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 3));
  const seen = { topLeft: at(64, 64), topRight: at(192, 64), bottomLeft: at(64, 192), bottomRight: at(192, 192) };
  for (const [corner, colour] of Object.entries(QUADRANTS)) {
    const got = seen[corner as keyof typeof seen];
    got.forEach((c, i) =>
      expect(Math.abs(c - colour[i]), `${corner} ${got} vs ${colour}`).toBeLessThanOrEqual(tolerance)
    );
  }
}

describe("POST /api/users/profile/image-upload", () => {
  it.each([
    ["photo.jpg", "image/jpeg"],
    ["photo.png", "image/png"],
    ["photo.webp", "image/webp"],
    ["photo.gif", "image/gif"],
  ])("turns a %s into a 256 × 256 WebP well under KV's 64 KiB and answers { imageUrl, user }", async (name, type) => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE, "greer");
    const res = await upload(t, token, form(await fixture(name), name, type));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.imageUrl).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=[0-9a-f]{16}$`));
    expect(body.user).toEqual({ ...user, photoUrl: body.imageUrl });
    // localStorage.user is replaced by this, so the profile call must agree.
    expect(await profile(t, token)).toEqual(body.user);

    const stored = await storedPhoto(t, user.id);
    expect(stored?.contentType).toBe("image/webp");
    expect(stored!.bytes.length).toBeLessThan(48 * 1024);
    expect(body.imageUrl).toBe(`/api/users/${user.id}/photo?v=${stored!.hash}`);

    const photo = await t.request(body.imageUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(photo.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const bytes = new Uint8Array(await photo.arrayBuffer());
    expect(bytes).toEqual(stored!.bytes);
    await expectUpright(bytes);
  });

  it("drops every metadata block: a JPEG with EXIF GPS is stored without any", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const gps = await fixture("gps.jpg");
    // The fixture really carries them, so the checks below can fail.
    for (const marker of ["Exif", "HopperCam"]) expect(contains(gps, marker), marker).toBe(true);
    const latitude = [34, 0, 0, 0, 1, 0, 0, 0, 56, 0, 0, 0, 1, 0, 0, 0]; // GPSLatitude 34/1 56/1 as stored
    expect(contains(gps, latitude)).toBe(true);

    expect((await upload(t, token, form(gps))).status).toBe(200);
    const { bytes } = (await storedPhoto(t, user.id))!;
    expect(webpChunks(bytes).every((c) => ["VP8 ", "VP8L", "VP8X", "ALPH"].includes(c)), webpChunks(bytes).join()).toBe(
      true,
    );
    for (const marker of ["Exif", "EXIF", "HopperCam", "XMP", "ICCP"]) {
      expect(contains(bytes, marker), marker).toBe(false);
    }
    expect(contains(bytes, latitude)).toBe(false);
    await expectUpright(bytes);
  });

  it("stores a JPEG with EXIF orientation 6 upright", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const rotated = await fixture("rotated.jpg");
    // Stored sideways (48 × 64, red at the bottom left): only the orientation tag makes it upright.
    const raw = await decodeImage(rotated, "jpeg");
    expect([raw.width, raw.height]).toEqual([48, 64]);
    expect(Array.from(raw.data.subarray((60 * 48 + 4) * 4, (60 * 48 + 4) * 4 + 3)).map((c) => Math.round(c / 10)))
      .toEqual([22, 3, 3]);

    expect((await upload(t, token, form(rotated))).status).toBe(200);
    await expectUpright((await storedPhoto(t, user.id))!.bytes);
  });

  it("judges the type by the bytes: a text file named photo.jpg is refused with 415, storing nothing", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const text = new TextEncoder().encode("not a picture, just words\n".repeat(20));
    const res = await upload(t, token, form(text, "photo.jpg", "image/jpeg"));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: INVALID_TYPE_TEXT });
    expect(await storedPhoto(t, user.id)).toBeNull();
    expect((await profile(t, token)).photoUrl).toBeNull();
  });

  it("accepts a real image whatever its name and declared type", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    const res = await upload(t, token, form(await fixture("photo.png"), "notes.txt", "text/plain"));
    expect(res.status).toBe(200);
  });

  it("refuses a file of 5 MB + 1 byte with 413, storing nothing and keeping the photo it had", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const first = await (await upload(t, token, form(await fixture("photo.jpg")))).json();
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(await fixture("photo.jpg"));
    const res = await upload(t, token, form(big));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: TOO_LARGE_TEXT });
    expect((await profile(t, token)).photoUrl).toBe(first.imageUrl);
    expect((await storedPhoto(t, user.id))!.hash).toBe(first.imageUrl.split("v=")[1]);
  });

  it("accepts a file of exactly 5 MB (5,242,880 bytes) past the size check", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    const padded = new Uint8Array(PHOTO_MAX_BYTES);
    padded.set(await fixture("photo.gif")); // a GIF ignores what follows its end
    const res = await upload(t, token, form(padded, "photo.gif", "image/gif"));
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("refuses by Content-Length before reading a byte of the body", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const res = await t.request(
      UPLOAD,
      bearer(token, {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 2 ** 20) },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: TOO_LARGE_TEXT });
    expect(pulled).toBeLessThanOrEqual(65536 * 2); // at most the stream's own read-ahead
  });

  it("stops reading a streamed body without Content-Length once it passes 5 MB", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 40 * 2 ** 20) return controller.close();
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const res = await t.request(
      UPLOAD,
      bearer(token, {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: TOO_LARGE_TEXT });
    expect(pulled).toBeLessThan(PHOTO_MAX_BYTES + 64 * 1024 * 3);
  });

  it("refuses a truncated PNG with 400 and a clear text, storing nothing", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const png = await fixture("photo.png");
    const res = await upload(t, token, form(png.slice(0, Math.floor(png.length / 2)), "photo.png", "image/png"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: UNREADABLE_TEXT });
    expect(await storedPhoto(t, user.id)).toBeNull();
  });

  it("refuses an image over 40 megapixels from its header, with 400", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    // A real PNG header saying 8000 × 6000 (48 MP), with no pixels after it.
    const png = (await fixture("photo.png")).slice(0, 33);
    const view = new DataView(png.buffer);
    view.setUint32(16, 8000);
    view.setUint32(20, 6000);
    const gif = (await fixture("photo.gif")).slice();
    gif.set([0xff, 0xff, 0xff, 0xff], 6); // 65535 × 65535
    for (const [bytes, name] of [[png, "big.png"], [gif, "big.gif"]] as const) {
      const res = await upload(t, token, form(bytes, name, "image/png"));
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({ error: TOO_MANY_PIXELS_TEXT });
    }
    expect(await storedPhoto(t, user.id)).toBeNull();
  });

  it("answers 400 without an image field and 415 for a body that is not multipart", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    const wrongField = await upload(t, token, form(await fixture("photo.jpg"), "a.jpg", "image/jpeg", "file"));
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ error: "Please choose an image to upload." });
    const json = await t.request(
      UPLOAD,
      bearer(token, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(json.status).toBe(415);
  });

  it("needs a signed-in user", async () => {
    using t = await makeApp();
    const res = await t.request(UPLOAD, { method: "POST", body: form(await fixture("photo.jpg")) });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/users/{id}/photo", () => {
  it("answers 404 for a user without a photo and for an id that is no user id", async () => {
    using t = await makeApp();
    const { user } = await signIn(t, PHONE);
    for (
      const path of [
        `/api/users/${user.id}/photo`,
        "/api/users/nobody/photo",
        "/api/users/01ZZZZZZZZZZZZZZZZZZZZZZZZ/photo",
      ]
    ) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it("gives the new photo a new URL; the old URL and the bare id find nothing; a matching ETag answers 304", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const first = (await (await upload(t, token, form(await fixture("photo.jpg")))).json()).imageUrl;
    const second = (await (await upload(t, token, form(await fixture("rotated.jpg")))).json()).imageUrl;
    expect(second).not.toBe(first);
    const hash = second.split("v=")[1];

    // A user id alone does not find the photo, and an old upload's URL stops working.
    expect((await t.request(first)).status).toBe(404);
    expect((await t.request(`/api/users/${user.id}/photo`)).status).toBe(404);
    expect((await t.request(`/api/users/${user.id}/photo?v=0000000000000000`)).status).toBe(404);
    const current = await t.request(second);
    expect(current.status).toBe(200);
    expect(current.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const again = await t.request(second, { headers: { "if-none-match": `"${hash}"` } });
    expect(again.status).toBe(304);
  });

  it("needs no sign-in: a driver's page loads a rider's photo with a plain <img>", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    const { imageUrl } = await (await upload(t, rider.token, form(await fixture("photo.png")))).json();
    expect((await requestRide(t, rider.token)).status).toBe(201);
    const rides = await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json();
    const list = Array.isArray(rides) ? rides : rides.rides;
    expect(list).toHaveLength(1);
    expect(list[0].riderPhotoUrl).toBe(imageUrl);
    const photo = await t.request(list[0].riderPhotoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
  });
});

describe("removing the photo (PUT /api/users/profile { photoUrl: null })", () => {
  it("clears photoUrl, deletes the stored bytes and the URL answers 404", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const { imageUrl } = await (await upload(t, token, form(await fixture("photo.jpg")))).json();
    const res = await t.request("/api/users/profile", put(token, { photoUrl: null, name: "Ada" }));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ photoUrl: null, name: "Ada" });
    expect(await storedPhoto(t, user.id)).toBeNull();
    expect((await t.request(imageUrl)).status).toBe(404);
  });

  it("leaves the photo alone when photoUrl is left out", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const { imageUrl } = await (await upload(t, token, form(await fixture("photo.jpg")))).json();
    const res = await t.request("/api/users/profile", put(token, { name: "Ada" }));
    expect((await res.json()).user.photoUrl).toBe(imageUrl);
    expect(await storedPhoto(t, user.id)).not.toBeNull();
  });
});

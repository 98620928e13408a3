/**
 * MAP_PMTILES_PATH (self-hosting): the app serves the archive from
 * its own origin with HTTP range requests, as the pmtiles package reads it.
 * The archive is a small one built by tests/helpers/pmtiles_fixture.ts.
 */
import { FetchSource, PMTiles } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../lib/config.ts";
import { PMTILES_ROUTE } from "../../lib/map_style.ts";
import { checkPmtilesFile } from "../../server/pmtiles_file.ts";
import { makeApp } from "../helpers/app.ts";
import { serve } from "../helpers/live.ts";
import { FIXTURE_ZOOM, pmtilesFixture, writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";

const fixture = pmtilesFixture();
let path: string;
let t: Awaited<ReturnType<typeof makeApp>>;

beforeAll(async () => {
  path = await writePmtilesFixture();
  t = await makeApp({ MAP_PMTILES_PATH: path });
});
afterAll(async () => {
  t?.[Symbol.dispose]();
  await Deno.remove(path).catch(() => {});
});

const get = (headers: Record<string, string> = {}, method = "GET") => t.request(PMTILES_ROUTE, { method, headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const size = fixture.bytes.length;

describe("the PMTiles file (MAP_PMTILES_PATH)", () => {
  it("answers the whole file with Accept-Ranges, a strong ETag and its length", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(await bytesOf(res)).toEqual(fixture.bytes);
  });

  it("answers a range with 206 and Content-Range, the exact bytes", async () => {
    const res = await get({ range: "bytes=0-126" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-126/${size}`);
    expect(res.headers.get("content-length")).toBe("127");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(await bytesOf(res)).toEqual(fixture.bytes.subarray(0, 127));

    const middle = await get({ range: "bytes=100-199" });
    expect(middle.status).toBe(206);
    expect(await bytesOf(middle)).toEqual(fixture.bytes.subarray(100, 200));
  });

  it("clamps a range past the end (a reader asks for 16 KiB of a smaller file), and reads to the end or a suffix", async () => {
    const big = await get({ range: "bytes=0-16383" });
    expect(big.status).toBe(206);
    expect(big.headers.get("content-range")).toBe(`bytes 0-${size - 1}/${size}`);
    expect(await bytesOf(big)).toEqual(fixture.bytes);

    const open = await get({ range: `bytes=${size - 10}-` });
    expect(open.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(await bytesOf(open)).toEqual(fixture.bytes.subarray(size - 10));

    const suffix = await get({ range: "bytes=-5" });
    expect(suffix.status).toBe(206);
    expect(await bytesOf(suffix)).toEqual(fixture.bytes.subarray(size - 5));
  });

  it("answers 416 with bytes */size for a range that starts past the end", async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`, "bytes=-0"]) {
      const res = await get({ range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range"), range).toBe(`bytes */${size}`);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it("ignores a Range it does not serve (several ranges, other units, nonsense) and sends the whole file", async () => {
    for (
      const range of ["bytes=0-1,5-9", "items=0-1", "bytes=9-2", "bytes=x-y", "bytes=-", "bytes=99999999999999999-"]
    ) {
      const res = await get({ range });
      expect(res.status, range).toBe(200);
      expect((await bytesOf(res)).length, range).toBe(size);
    }
  });

  it("honours If-Range: the range while the ETag or date still matches, else the whole file", async () => {
    const { headers } = await get({}, "HEAD");
    const etag = headers.get("etag")!;
    const lastModified = headers.get("last-modified")!;
    const fresh = await get({ range: "bytes=0-9", "if-range": etag });
    expect(fresh.status).toBe(206);
    expect((await bytesOf(fresh)).length).toBe(10);
    const byDate = await get({ range: "bytes=0-9", "if-range": lastModified });
    expect(byDate.status).toBe(206);
    await byDate.body?.cancel();
    for (const stale of ['"0-0"', `W/${etag}`, "Thu, 01 Jan 1970 00:00:00 GMT"]) {
      const res = await get({ range: "bytes=0-9", "if-range": stale });
      expect(res.status, stale).toBe(200);
      expect((await bytesOf(res)).length, stale).toBe(size);
    }
  });

  it("answers 304 to If-None-Match with its ETag, and HEAD with the headers only", async () => {
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect(head.body).toBeNull();
    const again = await get({ "if-none-match": head.headers.get("etag")! });
    expect(again.status).toBe(304);
    const partHead = await get({ range: "bytes=0-9" }, "HEAD");
    expect(partHead.status).toBe(206);
    expect(partHead.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
  });

  it("is read by the pmtiles package over a real socket: header, and every tile's bytes", async () => {
    const server = serve(t.app);
    try {
      const archive = new PMTiles(new FetchSource(server.http(PMTILES_ROUTE)));
      const header = await archive.getHeader();
      expect(header).toMatchObject({ specVersion: 3, minZoom: FIXTURE_ZOOM, maxZoom: FIXTURE_ZOOM, tileType: 1 });
      expect(header.etag).toMatch(/^"/);
      for (const [z, x, y] of fixture.tiles) {
        const tile = await archive.getZxy(z, x, y);
        expect(new Uint8Array(tile!.data), `${z}/${x}/${y}`).toEqual(fixture.tile);
      }
      const [z, x, y] = fixture.tiles[0];
      expect(await archive.getZxy(z, x + 10, y)).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it("is not there without MAP_PMTILES_PATH", async () => {
    using plain = await makeApp();
    const res = await plain.request(PMTILES_ROUTE);
    expect(res.status).toBe(404);
  });
});

describe("the PMTiles file at start-up", () => {
  it("accepts a PMTiles v3 archive", async () => {
    await expect(checkPmtilesFile(path)).resolves.toBeUndefined();
  });

  it("stops start-up, naming MAP_PMTILES_PATH, for a missing file or one that is not an archive", async () => {
    const dir = await Deno.makeTempDir();
    const notArchive = `${dir}/region.pmtiles`;
    await Deno.writeTextFile(notArchive, "<html>not tiles</html>");
    const v2 = `${dir}/v2.pmtiles`;
    await Deno.writeFile(v2, new Uint8Array([...new TextEncoder().encode("PMTiles"), 2, 0, 0]));
    try {
      for (const bad of [`${dir}/missing.pmtiles`, notArchive, v2]) {
        const error = await checkPmtilesFile(bad).catch((e) => e);
        expect(error, bad).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe("MAP_PMTILES_PATH");
        expect((error as Error).message).toContain(bad);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

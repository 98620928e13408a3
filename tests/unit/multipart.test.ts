/** multipartFile finds the same file bytes as the runtime's own Request.formData(). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundaryOf, multipartFile } from "../../lib/multipart.ts";

async function encoded(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return { body: new Uint8Array(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}

async function nativeFile(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  field: string,
): Promise<Uint8Array | null> {
  const value = (await new Request("http://x/", { method: "POST", body, headers: { "content-type": contentType } })
    .formData()).get(field);
  return value instanceof File ? new Uint8Array(await value.arrayBuffer()) : null;
}

const enc = new TextEncoder();

describe("multipartFile", () => {
  it("finds the same bytes as formData() for any fields and contents", async () => {
    const part = fc.record({
      name: fc.constantFrom("image", "other", "x"),
      file: fc.boolean(),
      content: fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((b) => new Uint8Array(b)),
        fc.constantFrom(enc.encode("\r\n--"), enc.encode("--\r\n\r\n"), enc.encode("\r\n\r\n--x")),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 4 }), async (parts) => {
        const form = new FormData();
        for (const p of parts) {
          if (p.file) form.append(p.name, new File([new Uint8Array(p.content)], "a.jpg", { type: "image/jpeg" }));
          else form.append(p.name, new TextDecoder().decode(p.content));
        }
        const { body, contentType } = await encoded(form);
        expect(multipartFile(body, contentType, "image")).toEqual(await nativeFile(body, contentType, "image"));
      }),
      { numRuns: 200 },
    );
  });

  it("reads a quoted boundary and skips a preamble", () => {
    const body = enc.encode(
      'a preamble\r\n--ab c\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\n' +
        "Content-Type: image/png\r\n\r\nPIXELS\r\n--ab c--\r\n",
    );
    expect(boundaryOf('multipart/form-data; boundary="ab c"')).toBe("ab c");
    expect(new TextDecoder().decode(multipartFile(body, 'multipart/form-data; boundary="ab c"', "image")!))
      .toBe("PIXELS");
  });

  it("answers null for a field sent as text, a cut-off body, or no boundary", () => {
    const text = enc.encode('--b\r\nContent-Disposition: form-data; name="image"\r\n\r\nhello\r\n--b--\r\n');
    expect(multipartFile(text, "multipart/form-data; boundary=b", "image")).toBe(null);
    const cut = enc.encode('--b\r\nContent-Disposition: form-data; name="image"; filename="a"\r\n\r\nhel');
    expect(multipartFile(cut, "multipart/form-data; boundary=b", "image")).toBe(null);
    expect(multipartFile(text, "multipart/form-data", "image")).toBe(null);
  });
});

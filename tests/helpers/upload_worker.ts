/**
 * Uploads the same photo several times at once, from a worker of its own, so a
 * test measuring the server's answers on its main thread is not slowed by the
 * work of sending the uploads (tests/api/photo_load.test.ts).
 * In: `{ url, token, photo, count }`. Out: one `{ status, retryAfter, body }` per upload.
 */
/// <reference lib="deno.worker" />

interface Job {
  url: string;
  token: string;
  photo: Uint8Array<ArrayBuffer>;
  count: number;
}

self.onmessage = async ({ data }: MessageEvent<Job>) => {
  const answers = await Promise.all(Array.from({ length: data.count }, async () => {
    const form = new FormData();
    form.append("image", new File([data.photo], "camera.jpg", { type: "image/jpeg" }));
    const res = await fetch(`${data.url}/api/users/profile/image-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${data.token}` },
      body: form,
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  }));
  self.postMessage(answers);
};

// A call to the API from a page, with its cookies and, when given, a
// bearer token; returns the status and the answer. Shared by the browser
// tests' files.
export async function apiCall(page, method, path, body, token) {
  return page.evaluate(async ([m, p, b, t]) => {
    const response = await fetch(p, {
      method: m,
      headers: { "content-type": "application/json", ...(t ? { authorization: `Bearer ${t}` } : {}) },
      body: b === undefined ? undefined : JSON.stringify(b),
    });
    return { status: response.status, body: await response.json() };
  }, [method, path, body, token]);
}

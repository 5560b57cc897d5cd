const api = {get: () => ({data: {items: [1, 2]}})}; return [api.get?.().data?.items?.length, api.post?.().data];

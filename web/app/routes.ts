import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("solutions", "routes/solutions.tsx"),
    route("blog", "routes/blog.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
  ]),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("checkout/success", "routes/checkout-success.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import Image from "next/image";
import type { ComponentProps } from "react";

export function BookCover(props: Omit<ComponentProps<typeof Image>, "src" | "alt" | "width" | "height">) {
  return (
    <Image
      src="/images/fast-forward-cover.svg"
      alt="Cover of Fast Forward: the RACE Framework for putting AI to work in your business"
      width={400}
      height={600}
      {...props}
    />
  );
}

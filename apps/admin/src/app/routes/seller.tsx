import { SellerCard } from '@/features/settings/components/seller-card';

/** 商家与GST (the owner): the shop's seller details and whether and how it charges Australian GST (ADR 038). */
export default function SellerPage() {
  return <SellerCard />;
}

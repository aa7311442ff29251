-- AlterTable
ALTER TABLE "prospects" ADD COLUMN     "experiment_variants" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "experiment_variants" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "experiments" (
    "id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "surface" TEXT NOT NULL,
    "variants" JSONB NOT NULL,
    "primary_metric" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "started_at" TIMESTAMPTZ(3),
    "stopped_at" TIMESTAMPTZ(3),
    "rolled_out_variant" TEXT,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiment_exposures" (
    "experiment_id" UUID NOT NULL,
    "browser_id" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "exposed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "experiment_exposures_pkey" PRIMARY KEY ("experiment_id","browser_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "experiments_key_key" ON "experiments"("key");

-- CreateIndex
CREATE INDEX "experiments_surface_stopped_at_idx" ON "experiments"("surface", "stopped_at");

-- CreateIndex
CREATE INDEX "experiment_exposures_experiment_id_variant_idx" ON "experiment_exposures"("experiment_id", "variant");

-- CreateIndex
CREATE INDEX "experiment_exposures_browser_id_idx" ON "experiment_exposures"("browser_id");

-- AddForeignKey
ALTER TABLE "experiment_exposures" ADD CONSTRAINT "experiment_exposures_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: one running experiment per surface, kept by the database so two operators
-- starting experiments at once cannot both succeed
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_one_running_per_surface" EXCLUDE USING btree ("surface" WITH =) WHERE ("status" = 'running');

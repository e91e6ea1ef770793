/** A fake weather API: calls answer after a few milliseconds; the server tracks its open calls. */
export class WeatherApi {
  open = 0;
  maxOpen = 0;
  starts: number[] = [];
  calls = 0;
  private flaky = new Set<string>();

  failOnce(city: string): void {
    this.flaky.add(city);
  }

  async forecast(city: string): Promise<{ city: string; tempC: number }> {
    this.calls++;
    this.open++;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    this.starts.push(performance.now());
    try {
      await new Promise((resolve) => setTimeout(resolve, 4));
      if (this.flaky.delete(city)) throw Object.assign(new Error(`503 for ${city}`), { status: 503 });
      if (city === 'Atlantis') throw Object.assign(new Error('404 Atlantis'), { status: 404 });
      return { city, tempC: city.length * 3 };
    } finally {
      this.open--;
    }
  }
}

class User {
  id: number
  name: string
  private email?: string
  readonly tags: string[] = []
  #secret: string
  constructor(id: number, name: string) {
    this.id = id
    this.name = name
    this.#secret = name.toUpperCase()
  }
  reveal(): string { return this.#secret }
}
const u = new User(1, 'ann')
return { keys: Object.keys(u), u, secret: u.reveal() }
